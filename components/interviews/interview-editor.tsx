"use client";

import { InterviewScheduleCard } from "@/components/calendar/interview-schedule-card";
import { BoardDecision } from "@/components/scorecards/board-decision";
import { ScorecardsSection } from "@/components/scorecards/scorecards-section";
import { InterviewBody } from "./interview-body";
import { EditableField } from "./interview-field";
import { InterviewSettings } from "./interview-settings";
import { PublishActions } from "./publish-actions";
import { SaveStatus } from "./save-status";
import { useAutosave } from "./use-autosave";

/**
 * The interview for editors: the form's fields with autosave, publish / unpublish, the board's
 * scorecards and decision, the schedule, the date and delete. Its own chunk (components/interviews/interview-page.tsx): readers never
 * download it. The autosave store lives as long as the page, through its loading and error states.
 */
export function InterviewEditor({ personId, id }: { personId: string; id: string }) {
  const { store, snapshot } = useAutosave(personId, id);
  return (
    <InterviewBody
      personId={personId}
      id={id}
      editor={({ interview: i, name, mentors, fields, scorecardFields, language, meId, member, admin }) => ({
        actions: <PublishActions interview={i} name={name} mentors={mentors} privateCount={fields.filter((f) => f.p === 1).length} store={store} />,
        saveStatus: <SaveStatus snapshot={snapshot} onRetry={() => store.retry()} />,
        fields: (
          <div className="iv-fields">
            {fields.map((f) => (
              <EditableField
                key={f.id}
                field={f}
                value={i.responses[f.id]}
                language={language}
                personId={personId}
                interviewId={id}
                store={store}
                snapshot={snapshot}
                showPrivate
              />
            ))}
          </div>
        ),
        scorecards: (member || admin) && (
          <ScorecardsSection personId={personId} interviewId={id} meId={meId} member={member} admin={admin} fields={scorecardFields} language={language} />
        ),
        decision: <BoardDecision interview={i} canDecide />,
        side: (
          <>
            <InterviewScheduleCard interview={i} />
            <InterviewSettings interview={i} name={name} store={store} snapshot={snapshot} />
          </>
        ),
      })}
    />
  );
}

"use client";

import { useTranslations } from "next-intl";
import { isApiError } from "@/components/api/api-fetch";
import { useBoards } from "@/components/boards/use-boards";
import { useForm } from "@/components/forms/use-forms";
import { audienceOf } from "@/components/me/audience";
import { hasPermission, type Me } from "@/components/me/me";
import { useMe } from "@/components/me/use-me";
import type { Person } from "@/components/people/person-types";
import { usePeopleNamed, usePerson } from "@/components/people/use-people";
import { useProfiles } from "@/components/profiles/use-profiles";
import { fullName } from "@/components/ui/format";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { useInterview } from "./use-interviews";
import { candidateDetailFor } from "./candidate-detail";
import { InterviewNotFound } from "./interview-head";
import { InterviewView, type EditorParts, type InterviewViewProps } from "./interview-view";

export type ViewProps = Omit<InterviewViewProps, "editor">;

/**
 * The candidate as the reader knows them, and (for staff who see people) their mentors: the
 * candidate's details and the mentors' names, or (for the others) the candidate's name alone,
 * never the whole district's list (app/(app)/interviews/[personId]/[id]/page.tsx asks the same).
 */
function useCandidate(personId: string, me: Me | undefined) {
  const staff = candidateDetailFor(me);
  const detail = usePerson(personId, { enabled: staff });
  const named = usePeopleNamed(staff ? (detail.data?.mentors ?? []) : [personId]);
  const person: Person | undefined = staff ? detail.data : named.byId.get(personId);
  const mentors: Person[] | null = detail.data ? detail.data.mentors.map((id) => named.byId.get(id)).filter((p): p is Person => Boolean(p)) : null;
  return { person, mentors, loading: (staff && detail.isPending) || named.loading };
}

/**
 * One interview as everyone reads it: staff preview it as the candidate or a mentor gets it.
 * Editors' parts (`editor`) come from components/interviews/interview-editor.tsx.
 */
export function InterviewBody({ personId, id, editor }: { personId: string; id: string; editor?: (view: ViewProps) => EditorParts }) {
  const t = useTranslations("interviews");
  const me = useMe();
  const interview = useInterview(personId, id);
  const boards = useBoards();
  const profiles = useProfiles();
  const form = useForm(interview.data?.form_id);
  const candidate = useCandidate(personId, me.data);
  const canEdit = hasPermission(me.data, "interviews:edit");
  const listHref = me.data && audienceOf(me.data) === "candidate" ? "/" : "/interviews";

  if (interview.isPending || (interview.data?.form_id && form.isPending)) {
    return (
      <div className="stack" aria-busy="true">
        <Skeleton lines={2} />
        <div className="card card-pad">
          <Skeleton lines={8} />
        </div>
      </div>
    );
  }
  if (interview.isError) {
    if (isApiError(interview.error) && interview.error.status === 404) {
      return <InterviewNotFound listHref={listHref} />;
    }
    return <ErrorState error={interview.error} onRetry={() => interview.refetch()} title={t("couldNotLoadOne")} />;
  }

  const i = interview.data;
  const name = candidate.person ? fullName(candidate.person) : candidate.loading ? "…" : t("someCandidate");
  const boardRecord = i.board_id ? boards.data?.find((b) => b.id === i.board_id) : undefined;
  // Candidates and mentors get the form without its private and scorecard fields from the server.
  // Scorecard fields are each board member's own (components/scorecards), never shared answers.
  const allFields = form.data?.fields ?? [];
  const fields = allFields.filter((f) => f.scorecard !== 1);
  const meId = me.data?.person.id ?? "";
  const view: ViewProps = {
    personId,
    id,
    interview: i,
    form: { name: form.data?.name, isError: form.isError, error: form.error, refetch: () => void form.refetch() },
    name,
    own: meId === personId,
    candidate: candidate.person,
    mentors: candidate.mentors,
    board: i.board_id ? (boardRecord?.name ?? "…") : null,
    profile: i.profile_id ? (profiles.data?.find((p) => p.id === i.profile_id)?.name ?? "…") : null,
    fields,
    scorecardFields: allFields.filter((f) => f.scorecard === 1),
    language: me.data?.person.language || "en",
    canEdit,
    staff: Boolean(me.data?.sees_all_interviews),
    listHref,
    meId,
    member: Boolean(meId && boardRecord?.members.includes(meId)),
    admin: Boolean(me.data?.kinds.includes("admin")),
  };
  return <InterviewView {...view} editor={editor?.(view) ?? null} />;
}

"use client";

import dynamic from "next/dynamic";
import { useMe } from "@/components/me/use-me";
import { RecordingsCard } from "./recordings-card";
import { useInterview } from "./use-interviews";

const BoardDecision = dynamic(() => import("@/components/scorecards/board-decision").then((m) => m.BoardDecision), { loading: () => null });

/**
 * The live parts of an interview rendered on the server (components/interviews/interview-reading.tsx):
 * its recordings (with the recorder when `canRecord`), kept up to date as the server works on them,
 * and the board's decision once there is one. The interview comes with the page (its query seeded).
 */
export function InterviewRecordings({ personId, id, canRecord }: { personId: string; id: string; canRecord: boolean }) {
  const interview = useInterview(personId, id);
  const language = useMe().data?.person.language || "en";
  if (!interview.data) return null;
  const i = interview.data;
  return (
    <>
      <RecordingsCard audio={i.audio} language={language} personId={personId} interviewId={id} canRecord={canRecord} />
      {i.recommendation !== null && <BoardDecision interview={i} canDecide={false} />}
    </>
  );
}

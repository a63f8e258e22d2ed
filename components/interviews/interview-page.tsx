"use client";

import dynamic from "next/dynamic";
import { hasPermission } from "@/components/me/me";
import { useMe } from "@/components/me/use-me";
import { InterviewBody } from "./interview-body";

// Editors' code (autosave, the fields' editors, publish, settings) in its own chunk: a candidate
// reading their interview on a phone downloads none of it.
const InterviewEditor = dynamic(() => import("./interview-editor").then((m) => m.InterviewEditor));

/**
 * One interview. Editors fill the form with autosave, publish / unpublish, move the date,
 * delete; staff preview it as the candidate or a mentor gets it; everyone else reads it.
 */
export function InterviewPage({ personId, id }: { personId: string; id: string }) {
  const me = useMe();
  if (hasPermission(me.data, "interviews:edit")) return <InterviewEditor personId={personId} id={id} />;
  return <InterviewBody personId={personId} id={id} />;
}

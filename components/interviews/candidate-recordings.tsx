"use client";

import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { apiQueries } from "@/components/api/api-queries";
import type { RecordingsSource } from "@/components/audio/recordings-source";
import { afterLoadOrTouch } from "@/components/ui/use-idle";
import type { Interview } from "./interview-types";

// The card's code (transcripts that seek, downloads, steps kept live, the recorder) comes after the
// page has loaded, or at the first press: until then the card is the server's HTML, whose players
// already play and seek, and React hydrates it once the code is in (its buttons wait, disabled).
// The server renders it at once, into the HTML: Next.js compiles `typeof window` to a constant,
// so the browser's bundle leaves out the require, and the server never waits on the lazy import.
type Card = typeof import("./recordings-card");
const RecordingsCard: React.ComponentType<React.ComponentProps<Card["RecordingsCard"]>> =
  typeof window === "undefined"
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous import on the server only (above)
      (require("./recordings-card") as Card).RecordingsCard
    : lazy(() =>
        afterLoadOrTouch()
          .then(() => import("./recordings-card"))
          .then((m) => ({ default: m.RecordingsCard })),
      );

/**
 * The one island of a candidate's server-rendered interview (app/(app)/_reader/candidate-interview.tsx):
 * its recordings, with the recorder once the interview is published, kept live as the server works
 * on them. The interview it shows is the page's, then this island's own fetches of it; a new
 * render of the page (the candidate back on the tab) starts it again from the server's. No
 * react-query: the page loads none.
 */
export function CandidateRecordings({ interview, language }: { interview: Interview; language: string }) {
  const [shown, setShown] = useState(interview);
  const [rendered, setRendered] = useState(interview);
  if (rendered !== interview) {
    setRendered(interview);
    setShown(interview);
  }
  const latest = useRef(shown);
  useEffect(() => {
    latest.current = shown;
  }, [shown]);
  const { person_id: personId, id } = interview;
  const source = useMemo<RecordingsSource>(() => {
    const { path } = apiQueries.interview(personId, id);
    let asked = 0;
    return {
      current: () => latest.current,
      update: (change) => setShown((current) => change(current)),
      refresh: () => {
        // Only the latest answer is shown: an earlier one that comes late would undo a newer step.
        const request = ++asked;
        apiFetch<Interview>(path).then(
          (fresh) => request === asked && setShown(fresh),
          () => {}, // the page keeps what it shows; the next step or a return to the tab brings it
        );
      },
    };
  }, [personId, id]);
  return (
    <Suspense fallback={null}>
      <RecordingsCard audio={shown.audio} language={language} personId={personId} interviewId={id} canRecord={shown.published === 1} source={source} />
    </Suspense>
  );
}

"use client";

import { ErrorPage } from "@/components/errors/error-page";

/** A page outside the signed-in frame failed (the frame's own failures land here too). */
export default function RootError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorPage error={error} reset={reset} withHeader />;
}

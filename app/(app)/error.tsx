"use client";

import { ErrorPage } from "@/components/errors/error-page";

/** A signed-in page failed: said inside the frame, so the navigation stays. */
export default function AppError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorPage error={error} reset={reset} withHeader={false} />;
}

import { after } from "next/server";

/**
 * Runs `work` once the response has been sent (Next.js `after`: the server, or the platform's
 * waitUntil, keeps it alive), for clean-up the answer need not wait for. Outside a request (a
 * script, a test calling a route module directly) it simply starts. Failures are logged.
 */
export function afterResponse(work: () => Promise<unknown>) {
  const run = () => work().catch((error) => console.error("[cas] work after the response failed", error));
  try {
    after(run);
  } catch {
    void run();
  }
}

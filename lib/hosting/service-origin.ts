import { env } from "@/lib/env";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/** The interface the app listens on: loopback unless HOST says otherwise. */
export const listenHost = () => env().HOST ?? "127.0.0.1";

export const isLoopbackHost = (host: string) => LOOPBACK.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);

/** True while nobody but this machine can reach the app (the local demo). */
export const listensOnLoopbackOnly = () => isLoopbackHost(listenHost());

/**
 * This service's own origin, the only one links (e-mails, file URLs) are built from:
 * BASE_URL, else the loopback origin the app then listens on. Request headers
 * (Host, X-Forwarded-Host, X-Forwarded-Proto) never shape it.
 */
export function serviceOrigin(): string {
  const { BASE_URL, PORT } = env();
  return BASE_URL ? BASE_URL.replace(/\/+$/, "") : `http://localhost:${PORT}`;
}

/**
 * Why the app must not start as configured, or null. Served beyond loopback, links need a
 * public origin: without BASE_URL they would point at localhost (or, worse, be built from a
 * header a caller chose).
 */
export function hostingProblem(): string | null {
  if (listensOnLoopbackOnly() || env().BASE_URL) return null;
  return `HOST=${listenHost()} serves the app beyond this machine, so set BASE_URL to its public origin (for example BASE_URL=https://cas.example.org): sign-in links and file URLs are built from it.`;
}

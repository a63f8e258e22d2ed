import "server-only";
import { invalid } from "@/lib/errors/app-error";
import { endpointUrlProblem } from "./endpoint-url";

/** A URL an endpoint may not point at (endpoint-url.ts) is a 400 on `url`. */
export function assertUsableUrl(url: string) {
  const problem = endpointUrlProblem(url);
  if (problem) throw invalid("url", problem);
}

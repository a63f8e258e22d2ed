import { jsonResponse } from "./json-response";

/**
 * Whether the request asks to be answered at once and followed up later (RFC 7240 `Prefer:
 * respond-async`; several preferences may share the header, each possibly with parameters).
 */
export function prefersAsync(req: Request): boolean {
  const prefer = req.headers.get("prefer");
  if (!prefer) return false;
  return prefer.split(",").some((p) => p.split(";")[0].trim().toLowerCase() === "respond-async");
}

/** The 202 of a request answered asynchronously: where to follow the work (`Location`), and that the preference was honoured. */
export function acceptedResponse(body: { status_url: string } & Record<string, unknown>, honoured: boolean) {
  return jsonResponse(body, {
    status: 202,
    headers: { Location: body.status_url, ...(honoured ? { "Preference-Applied": "respond-async" } : {}) },
  });
}

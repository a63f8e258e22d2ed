/**
 * The document's `webhooks` (OpenAPI 3.1): one entry per event a district's webhook endpoints
 * can receive, name -> a Path Item whose `post` describes the request the service sends.
 * Empty until webhooks are served; the document then carries them, and /api/reference lists
 * them in its own section.
 */
export function buildWebhooks(): Record<string, Record<string, unknown>> {
  return {};
}

import { erasedPersonSchema, erasePersonSchema } from "@/lib/people/erase-schemas";
import { MAX_RETENTION_DAYS, retentionSettingsSchema, updateRetentionSchema } from "@/lib/retention/schemas";
import { RETENTION_HOUR_UTC, RETENTION_MINUTE_UTC } from "@/lib/retention/next-run";
import type { Endpoints } from "./operation";

// Years of records (issue 36): how long the district keeps what, and a person's data on request.

const at = `${String(RETENTION_HOUR_UTC).padStart(2, "0")}:${String(RETENTION_MINUTE_UTC).padStart(2, "0")} UTC`;

const RULES =
  `Each period is a whole number of days (1 to ${MAX_RETENTION_DAYS}), or null: kept forever, the default. Every day at ${at} a job deletes, in every district, what is past its time: ` +
  "a **recording** (its audio, transcript, summary and their translations) the set number of days after its interview was last published (an unpublished interview's recordings stay); " +
  "an **archived person** the set number of days after they were archived, with everything that belongs to them (files, interviews, recordings), as `DELETE /api/people/{id}` does, with its webhook events; " +
  "a **message** the set number of days after it was sent (its conversation stays, with the newer messages, or empty). " +
  "Each deletion is recorded in the audit trail, done by the system through the job `retention-sweep`.";

export const recordsEndpoints = {
  getRetentionSettings: {
    method: "GET",
    path: "/api/settings/retention",
    auth: "session",
    permission: "settings",
    tag: "Retention",
    summary: "Read the district's retention settings",
    description: `${RULES}\n\n\`next_run_deletes\` counts what the next run will delete if nothing changes meanwhile: the records that will be past their time at \`next_run_at\`.`,
    response: { description: "The settings, and what the next run will delete.", schema: retentionSettingsSchema },
  },
  updateRetentionSettings: {
    method: "PATCH",
    path: "/api/settings/retention",
    auth: "session",
    permission: "settings",
    body: updateRetentionSchema,
    tag: "Retention",
    summary: "Change the district's retention settings",
    description: `${RULES}\n\nOnly the periods given change. The answer is the new settings, with what the next run will delete under them.`,
    response: { description: "The settings as they are now.", schema: retentionSettingsSchema },
  },
  exportPerson: {
    method: "GET",
    path: "/api/people/{id}/export",
    auth: "session",
    roleKind: "admin",
    tag: "People",
    summary: "Download a person's data (ZIP)",
    description:
      "Everything the service holds about the person, as a ZIP archive streamed while it is made (stored files are copied into it one at a time, never held in memory). " +
      "A `README.txt` inside says what each part is: `person.json` (the person as an admin reads them, with roles, tags, mentors, boards and their files' metadata), " +
      "`interviews/<id>/interview.json` (each interview as an admin reads it: private fields included, transcripts and summaries under `audio`), " +
      "`interviews/<id>/scorecards.json` (its board's scorecards as an admin reads them), `interviews/<id>/files/…` (attachments), " +
      "`recordings/<id>/audio.*`, `transcript.txt`, `summary.txt`, `messages.json` (the messages the person wrote: text, conversation, time; nobody else's), " +
      "`files/…` (their uploads) and `photo.*`. Nothing of anyone else.",
    pathParams: { id: "The person's id." },
    response: {
      description: "The ZIP archive.",
      binary: true,
      contentType: "application/zip",
      headers: { "Content-Disposition": '`attachment; filename="person-<id>.zip"`.', "Cache-Control": "`private, no-store`." },
    },
    errors: {
      404: "`not_found`: no person of the district has this id. (An erased person's export holds only their anonymous row and what the district keeps.)",
    },
  },
  erasePerson: {
    method: "POST",
    path: "/api/people/{id}/erase",
    auth: "session",
    roleKind: "admin",
    body: erasePersonSchema,
    tag: "People",
    summary: "Erase a person",
    description:
      "Removes everything that identifies the person, in one transaction, confirmed by their e-mail address in the body. " +
      "**Gone:** their name and e-mail, photo, files, roles, tags, mentor and board links; their recordings (audio, transcripts, summaries, translations), " +
      "their interviews' answers and attachments, the notes and answers of the scorecards of their interviews and of those they wrote; their search entries; " +
      "the text of every message they wrote (each stays in its conversation as `kind: deleted` with an empty body, so that the others' threads still read in order); " +
      "their sessions (at once: the next request with one is a 401) and realtime connections (closed right after); webhook events and stored Idempotency-Key answers that name them, " +
      "e-mails to them waiting in the queue or kept in the outbox, people imports whose file names them, and their sign-in account unless another district knows their e-mail. " +
      '**Kept, without the name:** an anonymous, archived row ("Erased person") under the same id, so that the fact of each interview and its decision stays ' +
      "(date, board, form, profile, publication, the board's recommendation and tally, the scorecards' recommendations). The audit trail keeps every event, the erasure's too, " +
      "with the person's details redacted, and stays verifiable. Webhook endpoints receive `person.erased` (the id only).",
    pathParams: { id: "The person's id." },
    response: { description: "Erased.", schema: erasedPersonSchema },
    errors: {
      400: "`validation_error`: `email` is missing or is not this person's e-mail address (case does not matter).",
      404: "`not_found`: no person of the district has this id, or they were already erased.",
      409: "`conflict`: the person is the district's last active administrator.",
    },
  },
} satisfies Endpoints;

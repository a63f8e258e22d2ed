import { z } from "zod";
import { saveScorecardSchema, scorecardSchema } from "@/lib/scorecards/schemas";
import type { Endpoints } from "./operation";

const BLIND =
  "Scorecards are blind until submitted. The members of the interview's board (its board's members now) each fill their own: the form's scorecard fields (`scorecard: 1`), " +
  "an overall `recommendation` (1 = strong no, 2 = no, 3 = yes, 4 = strong yes) and a `note`. Until a member submits, they see no one else's scorecard, not even whether it exists; " +
  "once theirs is submitted, they see every submitted one. Admins (an admin-kind role) and API keys with `read:interviews` see all of them, drafts included, at any time. " +
  "Candidates, mentors, interview editors and members of other boards see none. Scorecards are in no export, search index or interview webhook event.";

const ids = { personId: "The candidate's person id.", id: "The interview's id." };
const notBoard = "`forbidden`: the caller sees the interview but is not on its board now (or it has no board).";

export const scorecardEndpoints = {
  listScorecards: {
    method: "GET",
    path: "/api/interviews/{personId}/{id}/scorecards",
    scope: "read:interviews",
    tag: "Scorecards",
    summary: "List an interview's scorecards",
    description:
      `The scorecards the caller may see: the submitted ones first, in the order they were submitted. ${BLIND} ` +
      "404 for an interview the caller cannot see; 403 for a reader of it who is neither an admin nor on its board.",
    pathParams: ids,
    response: { description: "The scorecards the caller may see (possibly `[]`).", schema: z.array(scorecardSchema) },
    errors: { 403: "`forbidden`: the caller sees the interview but is neither an admin nor on its board." },
  },
  saveMyScorecard: {
    method: "PUT",
    path: "/api/interviews/{personId}/{id}/scorecards/me",
    auth: "session",
    body: saveScorecardSchema,
    tag: "Scorecards",
    summary: "Save your scorecard draft",
    description:
      "Creates or changes the caller's own scorecard, a draft until submitted. Only what is sent changes: `responses` merge field by field (`null` clears one), checked as interview " +
      "responses are but against the form's scorecard fields only; `recommendation` 1–4 or null; `note` a string or null. Saving a draft tells no one. " +
      `Sessions of the interview's board members only. ${BLIND}`,
    pathParams: ids,
    response: { description: "Your scorecard as saved.", schema: scorecardSchema },
    errors: {
      400: "The body is not valid, or some `responses` are not the form's scorecard fields or do not fit them (one detail per field, path `responses.<fieldId>`).",
      403: notBoard,
      409: "`conflict`: your scorecard is submitted; it changes only after an admin reopens it.",
    },
  },
  submitMyScorecard: {
    method: "POST",
    path: "/api/interviews/{personId}/{id}/scorecards/me/submit",
    auth: "session",
    tag: "Scorecards",
    summary: "Submit your scorecard",
    description:
      "Your draft becomes final: it needs a `recommendation`. Then you see the other submitted scorecards. The district's admins and the board members who submitted hear " +
      "over realtime (`scorecard-submitted` on their `private-person-<id>` channel: `{ interview_id, person_id, member_id }`, never the content); webhook endpoints subscribed to " +
      "`scorecard.submitted` get the scorecard when their owner may read every scorecard. Submits of one interview run one after another, so the tally is always the committed one.",
    pathParams: ids,
    response: { description: "Your submitted scorecard.", schema: scorecardSchema },
    errors: {
      400: "`validation_error` on `recommendation`: no draft, or no recommendation chosen yet.",
      403: notBoard,
      409: "`conflict`: already submitted.",
    },
  },
  reopenScorecard: {
    method: "POST",
    path: "/api/interviews/{personId}/{id}/scorecards/{scorecardId}/reopen",
    scope: "write:interviews",
    tag: "Scorecards",
    summary: "Reopen a submitted scorecard",
    description:
      "Admins only (an admin-kind role, or an API key with `write:interviews`): the scorecard becomes a draft again, which its member may change and submit anew. Until then it counts in no tally " +
      "and the other members no longer see it. Its member and the readers of submitted scorecards hear `scorecard-reopened` over realtime.",
    pathParams: { ...ids, scorecardId: "The scorecard's id." },
    response: { description: "The reopened scorecard (a draft).", schema: scorecardSchema },
    errors: {
      403: "`forbidden`: the caller is not an admin.",
      404: "`not_found`: the interview cannot be seen, or has no scorecard with this id.",
      409: "`conflict`: the scorecard is not submitted.",
    },
  },
} satisfies Endpoints;

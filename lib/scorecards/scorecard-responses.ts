import type { FormField } from "@/lib/forms/schemas";
import { AppError, type ErrorDetail } from "@/lib/errors/app-error";
import { validateResponses } from "@/lib/interviews/validate-responses";

/** The form's scorecard fields (`scorecard: 1`), in order. */
export const scorecardFields = (fields: FormField[] | null): FormField[] => (fields ?? []).filter((f) => f.scorecard === 1);

const badResponses = (message: string, details: ErrorDetail[]) => new AppError("validation_error", message, details);

/**
 * An interview's shared `responses` never hold answers to scorecard fields: a PATCH that sends
 * one (a value or null) is a 400 naming each, rather than silently dropping what was typed.
 */
export function refuseScorecardAnswers(fields: FormField[] | null, input: Record<string, unknown>) {
  const ids = new Set(scorecardFields(fields).map((f) => f.id));
  const details = Object.keys(input)
    .filter((id) => ids.has(id))
    .map((id) => ({ path: `responses.${id}`, message: "A scorecard field: each board member answers it on their own scorecard (PUT …/scorecards/me)." }));
  if (details.length) throw badResponses("Some responses answer scorecard fields, which are not part of the interview's shared answers.", details);
}

/**
 * A scorecard's `responses` as sent, checked as interview responses are (validate-responses.ts)
 * but against the scorecard fields only: a field of the form that is not a scorecard field, or
 * no field at all, is refused. Every bad field gets one detail; all are reported at once.
 */
export function validateScorecardResponses(fields: FormField[] | null, input: Record<string, unknown>): { set: Record<string, unknown>; clear: string[] } {
  const own = scorecardFields(fields);
  const ownIds = new Set(own.map((f) => f.id));
  const formIds = new Set((fields ?? []).map((f) => f.id));
  const details: ErrorDetail[] = [];
  const known: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(input)) {
    if (ownIds.has(id)) known[id] = value;
    else if (formIds.has(id)) details.push({ path: `responses.${id}`, message: "Not a scorecard field: it is answered in the interview's own responses." });
    else details.push({ path: `responses.${id}`, message: "The interview's form has no scorecard field with this id." });
  }
  let checked: { set: Record<string, unknown>; clear: string[] } = { set: {}, clear: [] };
  try {
    checked = validateResponses(own, known, []);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "validation_error") throw error;
    details.push(...(error.details ?? []));
  }
  if (details.length) throw badResponses("Some responses do not fit the form's scorecard fields.", details);
  return { set: checked.set, clear: checked.clear };
}

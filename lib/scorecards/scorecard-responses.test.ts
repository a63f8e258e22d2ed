import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import type { FormField } from "@/lib/forms/schemas";
import { refuseScorecardAnswers, scorecardFields, validateScorecardResponses } from "./scorecard-responses";

const FIELDS: FormField[] = [
  { id: "open", type: "text", label: { en: "Open" } },
  { id: "fit", type: "dropdown", label: { en: "Fit" }, options: [{ en: "Low" }, { en: "High" }], scorecard: 1 },
  { id: "ready", type: "checkbox", label: { en: "Ready" }, scorecard: 1, p: 1 },
  { id: "concerns", type: "text", label: { en: "Concerns" }, scorecard: 1 },
];

const detailsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return ((error as AppError).details ?? []).map((d) => d.path).sort();
  }
  throw new Error("expected a validation error");
};

describe("scorecardFields", () => {
  it("the fields flagged scorecard: 1, in order; none without a form", () => {
    expect(scorecardFields(FIELDS).map((f) => f.id)).toEqual(["fit", "ready", "concerns"]);
    expect(scorecardFields(null)).toEqual([]);
  });
});

describe("validateScorecardResponses", () => {
  it("checks values as interview responses are, and says what to set and clear", () => {
    expect(validateScorecardResponses(FIELDS, { fit: 2, ready: 1, concerns: null })).toEqual({ set: { fit: 2, ready: 1 }, clear: ["concerns"] });
  });

  it("refuses the form's other fields, unknown fields and bad values, all at once", () => {
    expect(detailsOf(() => validateScorecardResponses(FIELDS, { open: { en: "x" }, nope: 1, fit: 3, ready: 2, concerns: { en: "fine" } }))).toEqual([
      "responses.fit",
      "responses.nope",
      "responses.open",
      "responses.ready",
    ]);
    expect(detailsOf(() => validateScorecardResponses(null, { fit: 1 }))).toEqual(["responses.fit"]);
  });
});

describe("refuseScorecardAnswers", () => {
  it("a PATCH of the interview may not answer (or clear) scorecard fields; other fields pass", () => {
    expect(() => refuseScorecardAnswers(FIELDS, { open: { en: "x" } })).not.toThrow();
    expect(detailsOf(() => refuseScorecardAnswers(FIELDS, { open: { en: "x" }, fit: 1, concerns: null }))).toEqual(["responses.concerns", "responses.fit"]);
    expect(() => refuseScorecardAnswers(null, { fit: 1 })).not.toThrow();
  });
});

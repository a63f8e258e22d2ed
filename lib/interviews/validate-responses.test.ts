import { describe, expect, it } from "vitest";
import type { FormField } from "@/lib/forms/schemas";
import { AppError } from "@/lib/errors/app-error";
import type { AttachmentRow } from "./file-record";
import { validateResponses } from "./validate-responses";

const fields: FormField[] = [
  { id: "decision", type: "dropdown", label: { en: "Decision" }, options: [{ en: "Yes" }, { en: "No" }, { en: "Later" }] },
  { id: "notes", type: "text", label: { en: "Notes" }, p: 1 },
  { id: "ready", type: "checkbox", label: { en: "Ready" } },
  { id: "docs", type: "file", label: { en: "Documents" } },
];

const attachment = (id: string, fieldId = "docs"): AttachmentRow => ({
  id,
  fieldId,
  name: `${id}.pdf`,
  storageKey: `d/interviews/i/${id}/${id}.pdf`,
  contentType: "application/pdf",
  size: 10,
  createdAt: new Date(1000),
});

function detailsOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("validation_error");
    return (error as AppError).details!;
  }
  throw new Error("expected a validation error");
}

describe("validateResponses", () => {
  it("dropdown: a 1-based option index in range", () => {
    expect(validateResponses(fields, { decision: 1 }, []).set).toEqual({ decision: 1 });
    expect(validateResponses(fields, { decision: 3 }, []).set).toEqual({ decision: 3 });
    for (const bad of [0, 4, 1.5, "1", true, [1], {}]) {
      expect(detailsOf(() => validateResponses(fields, { decision: bad }, []))).toEqual([
        { path: "responses.decision", message: expect.stringContaining("1 to 3") },
      ]);
    }
  });

  it("text: a multilingual object of strings keyed by language codes", () => {
    expect(validateResponses(fields, { notes: { en: "Fine", "pt-BR": "Bom" } }, []).set).toEqual({ notes: { en: "Fine", "pt-BR": "Bom" } });
    expect(validateResponses(fields, { notes: {} }, []).set).toEqual({ notes: {} });
    for (const bad of ["Fine", 3, ["en"], { en: 3 }, { "not a language!": "x" }, { en: { nested: "x" } }]) {
      expect(detailsOf(() => validateResponses(fields, { notes: bad }, []))[0].path).toBe("responses.notes");
    }
  });

  it("checkbox: 0 or 1 only", () => {
    expect(validateResponses(fields, { ready: 0 }, []).set).toEqual({ ready: 0 });
    expect(validateResponses(fields, { ready: 1 }, []).set).toEqual({ ready: 1 });
    for (const bad of [true, false, 2, "1", -1]) {
      expect(detailsOf(() => validateResponses(fields, { ready: bad }, []))[0].path).toBe("responses.ready");
    }
  });

  it("file: keys are this field's attachments; the stored records are the server's own; omitted ones are dropped", () => {
    const files = [attachment("f1"), attachment("f2"), attachment("f3", "other")];
    const changes = validateResponses(fields, { docs: { f1: { name: "forged", url: "https://evil.example" } } }, files);
    expect(changes.fileFields).toEqual([
      {
        fieldId: "docs",
        keep: { f1: { name: "f1.pdf", key: "d/interviews/i/f1/f1.pdf", content_type: "application/pdf", size: 10, created_at: 1000 } },
        drop: ["f2"],
      },
    ]);
    expect(changes.droppedFiles.map((f) => f.id)).toEqual(["f2"]);
    expect(changes.set).toEqual({});

    // Another field's attachment, or an unknown id, is not this field's.
    expect(detailsOf(() => validateResponses(fields, { docs: { f3: {} } }, files))[0].path).toBe("responses.docs");
    expect(detailsOf(() => validateResponses(fields, { docs: { nope: {} } }, files))[0].message).toContain("nope");
    for (const bad of ["f1", 1, ["f1"]]) expect(detailsOf(() => validateResponses(fields, { docs: bad }, files))[0].path).toBe("responses.docs");
  });

  it("null clears a field of any type; clearing a file field drops its attachments", () => {
    const changes = validateResponses(fields, { decision: null, notes: null, ready: null, docs: null }, [attachment("f1"), attachment("f9", "x")]);
    expect(changes.clear).toEqual(["decision", "notes", "ready", "docs"]);
    expect(changes.droppedFiles.map((f) => f.id)).toEqual(["f1"]);
  });

  it("reports every bad field at once, and unknown field ids", () => {
    const details = detailsOf(() => validateResponses(fields, { decision: 9, ready: 1, nope: 1, ready2: 0, notes: 1 }, []));
    expect(details.map((d) => d.path)).toEqual(["responses.decision", "responses.nope", "responses.ready2", "responses.notes"]);
  });

  it("an interview without a form takes no responses", () => {
    expect(detailsOf(() => validateResponses(null, { decision: 1 }, []))).toEqual([
      { path: "responses.decision", message: expect.stringContaining("no form") },
    ]);
    expect(validateResponses(null, {}, [])).toEqual({ set: {}, clear: [], fileFields: [], droppedFiles: [] });
  });
});

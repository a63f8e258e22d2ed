import { describe, expect, it } from "vitest";
import type { FormField } from "@/lib/forms/schemas";
import { stripPrivateFields } from "./strip-private-fields";

describe("stripPrivateFields", () => {
  it("keeps answers to open fields only", () => {
    const fields: FormField[] = [
      { id: "open", type: "checkbox", label: { en: "Open" } },
      { id: "secret", type: "text", label: { en: "Secret" }, p: 1 },
    ];
    expect(stripPrivateFields({ open: 1, secret: { en: "x" }, orphan: 2 }, fields)).toEqual({ open: 1 });
  });
});

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACTOR_TYPES, AUDIT_ACTIONS, AUDIT_RECORD_TYPES } from "@/lib/audit/actions.shared";

/** The audit page says every action, record type and kind of actor the trail records in words, in each language. */
const words = (locale: string) => JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", locale, "audit.json"), "utf8"));
const at = (tree: Record<string, any>, dotted: string) => dotted.split(".").reduce<any>((node, key) => node?.[key], tree);

describe.each(["en", "es"])("the audit page's words in %s", (locale) => {
  const messages = words(locale);
  it("name every action", () => {
    expect(AUDIT_ACTIONS.filter((action) => typeof at(messages.actions, action) !== "string")).toEqual([]);
  });
  it("name every record type and kind of actor", () => {
    expect(AUDIT_RECORD_TYPES.filter((type) => typeof messages.recordTypes[type] !== "string")).toEqual([]);
    expect(ACTOR_TYPES.filter((type) => typeof messages.actorTypes[type] !== "string")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { detectLanguage } from "./detect-language";
import { describeLanguage, toLanguageCode } from "./languages";

describe("toLanguageCode", () => {
  it.each([
    ["english", "en"],
    ["Spanish", "es"],
    ["haitian creole", "ht"],
    ["cantonese", "yue"],
    ["castilian", "es"],
    ["en", "en"],
    ["en-US", "en"],
    ["pt_BR", "pt"],
    ["eng", "en"],
    ["jw", "jv"],
    ["iw", "he"],
    ["", undefined],
    [null, undefined],
    ["und", undefined],
    ["xx", undefined],
    ["klingon", undefined],
  ])("%j → %j", (value, expected) => {
    expect(toLanguageCode(value)).toBe(expected);
  });

  it("names a language for prompts", () => {
    expect(describeLanguage("es")).toBe("Spanish (es)");
    expect(describeLanguage("zz")).toBe("zz");
  });
});

describe("detectLanguage", () => {
  it.each([
    ["We talked about the training plan for the new volunteers.", "en"],
    ["Hablamos del plan de formación para los nuevos voluntarios.", "es"],
    ["Nous avons parlé du plan de formation des nouveaux bénévoles.", "fr"],
    ["Wir haben über den Ausbildungsplan für die neuen Freiwilligen gesprochen.", "de"],
  ])("%j is %j", (text, expected) => {
    expect(detectLanguage(text, "und")).toBe(expected);
  });

  it("returns the fallback for a text too short to tell", () => {
    expect(detectLanguage("ok", "es")).toBe("es");
    expect(detectLanguage("Hello", "de")).toBe("de");
    expect(detectLanguage("🙂 👍", "en")).toBe("en");
  });
});

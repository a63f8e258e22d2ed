import { describe, expect, it } from "vitest";
import { parseUiLocale, uiLocaleFor, uiLocaleFromAcceptLanguage } from "./locales";

describe("interface language", () => {
  it("follows a person's language by its primary subtag, else English", () => {
    expect(uiLocaleFor("es-MX")).toBe("es");
    expect(uiLocaleFor("ES_es")).toBe("es");
    expect(uiLocaleFor("pt-BR")).toBe("en");
    expect(uiLocaleFor(null)).toBe("en");
  });

  it("takes the visitor's best-ranked language the interface is written in", () => {
    expect(uiLocaleFromAcceptLanguage("fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7")).toBe("es");
    expect(uiLocaleFromAcceptLanguage("en;q=0.2,es-419;q=0.9")).toBe("es");
    expect(uiLocaleFromAcceptLanguage("de")).toBe("en");
    expect(uiLocaleFromAcceptLanguage(null)).toBe("en");
  });

  it("accepts a chosen language only when it names one exactly (the cookie and ?lang= are the visitor's input)", () => {
    expect(parseUiLocale("es")).toBe("es");
    expect(parseUiLocale("en")).toBe("en");
    for (const hostile of ["ES", "es-MX", "", "es; Path=/", "__proto__", "toString", null, undefined]) expect(parseUiLocale(hostile)).toBeNull();
  });
});

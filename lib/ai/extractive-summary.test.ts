import { describe, expect, it } from "vitest";
import { extractiveSummary } from "./extractive-summary";

const ENGLISH = [
  "Good morning, thank you for coming.",
  "The candidate described her training as a volunteer mentor in the district.",
  "She said the mentor training took six months and covered safeguarding.",
  "It was raining that day, so the meeting started late.",
  "The board asked how the mentor training prepared her for difficult conversations.",
  "She gave an example of a conversation with a family about school attendance.",
  "Yes, of course, that is right.",
  "The district office will check her references before the next board meeting.",
  "She would like to start mentoring in September after the training ends.",
  "We then talked about parking near the building.",
  "Everyone agreed that her mentor training was thorough.",
];

const SPANISH = [
  "Buenos días y gracias por venir.",
  "La candidata explicó su formación como mentora voluntaria en el distrito.",
  "Dijo que la formación de mentores duró seis meses e incluyó protección de menores.",
  "Ese día llovía mucho y la reunión empezó tarde.",
  "La junta preguntó cómo la formación de mentores la preparó para conversaciones difíciles.",
  "Ella dio un ejemplo de una conversación con una familia sobre la asistencia escolar.",
  "Sí, claro, eso es así.",
  "La oficina del distrito revisará sus referencias antes de la próxima reunión de la junta.",
  "Quiere empezar como mentora en septiembre, cuando termine la formación.",
  "Después hablamos del aparcamiento cerca del edificio.",
  "Todos estuvieron de acuerdo en que su formación de mentores fue completa.",
];

/** The summary's sentences, each checked to be one of the input's, in the input's order. */
function expectSentencesOf(summary: string, sentences: string[]) {
  const picked = sentences.filter((s) => summary.includes(s));
  expect(picked.join(" ")).toBe(summary);
  return picked;
}

describe("extractiveSummary", () => {
  it("picks a few English sentences about the main topic, in their original order", () => {
    const summary = extractiveSummary(ENGLISH.join(" "), "en");
    const picked = expectSentencesOf(summary, ENGLISH);
    expect(picked).toHaveLength(3);
    for (const sentence of picked) expect(sentence).toMatch(/mentor|training/);
    expect(picked).not.toContain("Yes, of course, that is right.");
  });

  it("does the same in Spanish, with Spanish stop words left out", () => {
    const summary = extractiveSummary(SPANISH.join(" "), "es");
    const picked = expectSentencesOf(summary, SPANISH);
    expect(picked).toHaveLength(3);
    for (const sentence of picked) expect(sentence).toMatch(/formación|mentor/);
  });

  it("returns a short text whole and an empty one empty", () => {
    expect(extractiveSummary("One thing. Another thing.", "en")).toBe("One thing. Another thing.");
    expect(extractiveSummary("   ", "en")).toBe("");
  });

  it("cuts a transcript without punctuation into stretches of words", () => {
    const words = Array.from({ length: 200 }, (_, i) => (i % 10 === 0 ? "training" : `word${i}`)).join(" ");
    const summary = extractiveSummary(words, "en", 2);
    expect(words).toContain(summary.split(" ").slice(0, 40).join(" "));
    expect(summary.split(" ").length).toBeLessThanOrEqual(80);
  });
});

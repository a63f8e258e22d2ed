export const label = (en: string) => ({ en });

/** A form with shared, private and file fields, and two scorecard fields (`fit`, `concerns`). */
export const SCORECARD_FORM = [
  { id: "open", type: "text", label: label("Open") },
  { id: "secret", type: "text", label: label("Private"), p: 1 },
  { id: "fit", type: "dropdown", label: label("Fit"), options: [label("Low"), label("Mid"), label("High")], scorecard: 1 },
  { id: "concerns", type: "text", label: label("Concerns"), scorecard: 1 },
  { id: "docs", type: "file", label: label("Documents") },
];

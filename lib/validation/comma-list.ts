/** The items of a comma-separated query value (`?ids=a,b`): trimmed, empty ones dropped, each once. */
export const commaList = (value: string): string[] => [
  ...new Set(
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  ),
];

/** next-auth's own endpoints and the JSON 404 for unknown /api paths are not part of the API. */
export const isOutsideTheApi = (file: string) => file.startsWith("app/api/auth/[...nextauth]/") || file.includes("[...unknown]");

/** `app/api/people/[id]/route.ts` -> `/api/people/{id}`; a catch-all `[...path]` -> `{path}`. */
export const pathTemplateOf = (file: string) =>
  file
    .replace(/^app/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");

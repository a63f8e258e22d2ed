/*
 * Record ids: what one may be (checked by routes, schemas, pages and the form editor) and
 * how the app makes the ones it does not leave to Prisma's @default(cuid()). No server
 * import: the browser uses the pattern too.
 */

/** Ids are opaque strings of this alphabet; anything else (slashes, dots, …) cannot name a record. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The rule in words, for ids a client chooses (a recordingId, a form field's id). */
export const ID_RULE = "Use 1-64 letters, digits, '_' or '-'.";

export const isId = (value: unknown): value is string => typeof value === "string" && ID_PATTERN.test(value);

/** A new id for a row the app inserts itself: a random UUID (36 characters of the alphabet). */
export const newId = () => crypto.randomUUID();

/** A new id in the shape of Prisma's cuid(): "c", the time, random characters (25 in all). */
export const newCuidShapedId = () => {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
  return `c${Date.now().toString(36)}${random}`.slice(0, 25);
};

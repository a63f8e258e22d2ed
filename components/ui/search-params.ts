/** A page's query string as Next.js hands it to the page (`searchParams`). */
export type SearchParams = Record<string, string | string[] | undefined>;

/** One parameter's value: the first when it is repeated, "" when absent, at most 2,000 characters. */
export const firstParam = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.slice(0, 2000) ?? "";

/**
 * The interviews list's filters as its address carries them (`?q=&board=&status=&from=&to=&after=`):
 * the page renders on the server from them, the toolbar writes them, and the next page's link is
 * made from them. No "use client": both sides use it.
 */
export type InterviewStatus = "" | "published" | "draft";
export type InterviewFilters = { q: string; board: string; status: InterviewStatus; from: string; to: string; after: string };

export const NO_INTERVIEW_FILTERS: InterviewFilters = { q: "", board: "", status: "", from: "", to: "", after: "" };
const FILTER_KEYS = ["q", "board", "status", "from", "to"] as const;

type SearchParams = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.slice(0, 2000) ?? "";
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The address's filters; with none of them in it, `defaults` (a board member's start page: the drafts). */
export function interviewFiltersOf(params: SearchParams, defaults?: Partial<InterviewFilters>): InterviewFilters {
  if (defaults && !FILTER_KEYS.some((k) => one(params[k]))) return { ...NO_INTERVIEW_FILTERS, ...defaults, after: one(params.after) };
  const status = one(params.status);
  const date = (value: string) => (DATE.test(value) ? value : "");
  return {
    q: one(params.q).slice(0, 200),
    board: one(params.board),
    status: status === "published" || status === "draft" ? status : "",
    from: date(one(params.from)),
    to: date(one(params.to)),
    after: one(params.after),
  };
}

/** The filters as a query string (with its "?", or "" when none is set). */
export function interviewFiltersQuery(f: Partial<InterviewFilters>) {
  const params = new URLSearchParams();
  for (const key of [...FILTER_KEYS, "after"] as const) {
    const value = f[key]?.trim();
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

export const hasInterviewFilter = (f: InterviewFilters) => FILTER_KEYS.some((k) => f[k].trim());

/** The API's query for the filters (GET /api/interviews). */
export function interviewsApiQuery(f: InterviewFilters): Record<string, string> {
  return {
    ...(f.q.trim() && { q: f.q.trim() }),
    ...(f.board && { board_id: f.board }),
    ...(f.status && { published: f.status === "published" ? "1" : "0" }),
    ...(f.from && { from: f.from }),
    ...(f.to && { to: f.to }),
    ...(f.after && { cursor: f.after }),
  };
}

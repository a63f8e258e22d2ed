/**
 * The interviews list's filters as its address carries them (`?q=&board=&status=&from=&to=&after=`):
 * the page renders on the server from them, the toolbar writes them, and the next page's link is
 * made from them. No "use client": both sides use it.
 */
import { firstParam, type SearchParams } from "@/components/ui/search-params";

export type InterviewStatus = "" | "published" | "draft";
export type InterviewFilters = { q: string; board: string; status: InterviewStatus; from: string; to: string; after: string };

export const NO_INTERVIEW_FILTERS: InterviewFilters = { q: "", board: "", status: "", from: "", to: "", after: "" };
const FILTER_KEYS = ["q", "board", "status", "from", "to"] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The address's filters; with none of them in it, `defaults` (a board member's start page: the drafts). */
export function interviewFiltersOf(params: SearchParams, defaults?: Partial<InterviewFilters>): InterviewFilters {
  if (defaults && !FILTER_KEYS.some((k) => firstParam(params[k]))) return { ...NO_INTERVIEW_FILTERS, ...defaults, after: firstParam(params.after) };
  const status = firstParam(params.status);
  const date = (value: string) => (DATE.test(value) ? value : "");
  return {
    q: firstParam(params.q).slice(0, 200),
    board: firstParam(params.board),
    status: status === "published" || status === "draft" ? status : "",
    from: date(firstParam(params.from)),
    to: date(firstParam(params.to)),
    after: firstParam(params.after),
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

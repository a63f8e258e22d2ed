import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES } from "@/lib/audit/actions.shared";
import { isId } from "@/lib/ids/ids.shared";
import { endOfDay, parseDay, startOfDay } from "./zoned-day";

/**
 * The audit page's filters, as its URL query holds them (so a filtered view can be linked):
 * ids, a record type, an action, and days of the district's time zone (`from`, `to`).
 */
export type AuditFilters = { actor: string; person: string; record_type: string; record_id: string; action: string; from: string; to: string };

export const NO_FILTERS: AuditFilters = { actor: "", person: "", record_type: "", record_id: "", action: "", from: "", to: "" };
export const FILTER_KEYS = Object.keys(NO_FILTERS) as (keyof AuditFilters)[];

/** The filters of a URL query; what is not a valid value is left out rather than sent to fail. */
export function readFilters(params: URLSearchParams): AuditFilters {
  const get = (key: keyof AuditFilters) => params.get(key) ?? "";
  const recordType = AUDIT_RECORD_TYPES.includes(get("record_type")) ? get("record_type") : "";
  return {
    actor: isId(get("actor")) ? get("actor") : "",
    person: isId(get("person")) ? get("person") : "",
    record_type: recordType,
    record_id: recordType && isId(get("record_id")) ? get("record_id") : "",
    action: AUDIT_ACTIONS.includes(get("action")) ? get("action") : "",
    from: parseDay(get("from")) ? get("from") : "",
    to: parseDay(get("to")) ? get("to") : "",
  };
}

/** The URL query of the filters: only those set. */
export function filterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  return params;
}

/** The filters as GET /api/audit (and /api/audit.csv) take them: days become the zone's first and last milliseconds. */
export function apiFilters(filters: AuditFilters, timeZone: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of ["actor", "person", "record_type", "record_id", "action"] as const) if (filters[key]) query[key] = filters[key];
  if (filters.record_id && !filters.record_type) delete query.record_id;
  let from = filters.from ? startOfDay(filters.from, timeZone) : undefined;
  let to = filters.to ? endOfDay(filters.to, timeZone) : undefined;
  // A range given backwards is read the right way round.
  if (from !== undefined && to !== undefined && from > to) [from, to] = [startOfDay(filters.to, timeZone), endOfDay(filters.from, timeZone)];
  if (from !== undefined) query.from = String(from);
  if (to !== undefined) query.to = String(to);
  return query;
}

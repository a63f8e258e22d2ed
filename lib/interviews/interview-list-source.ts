import "server-only";
import type { ListSource } from "@/lib/list-cache/list-cache";
import { serializeInterviewSummary, type InterviewRow } from "./serialize-interview";

/** created_at as the database holds it (timestamp(3), UTC) from its milliseconds. */
const timestampOf = (ms: unknown) => new Date(Number(ms)).toISOString().replace("Z", "");

/** Every interview of the district for staff, as a shared copy (lib/list-cache/list-cache.ts): newest first. */
export const interviewListSource: ListSource<InterviewRow> = {
  list: "interviews",
  variant: "all",
  columns: `p.id, p.person_id as "personId", p.district_id as "districtId", p.date, p.board_id as "boardId", p.form_id as "formId",
            p.profile_id as "profileId", p.published, p.starts_at as "startsAt",
            p.duration_minutes as "durationMinutes", p.location, p.meeting_url as "meetingUrl", p.created_at as "createdAt", p.updated_at as "updatedAt"`,
  filter: () => "true",
  // Newest first: date, then creation, then id, all descending.
  before: "(q.date, q.created_at, q.id) > (p.date, p.created_at, p.id)",
  order: "p.date desc, p.created_at desc, p.id desc",
  serialize: serializeInterviewSummary,
  keyOf: (interview: { date: string; created_at: number; id: string }) => [interview.date, interview.created_at, interview.id],
  after: ([date, createdAt, id], p) => `(p.date, p.created_at, p.id) < (${p(String(date))}, ${p(timestampOf(createdAt))}::timestamp, ${p(String(id))})`,
};

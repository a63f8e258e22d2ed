import "server-only";
import { zonedIso } from "@/lib/calendar/zoned-time.shared";
import type { FormField } from "@/lib/forms/schemas";
import { displayTimeZone } from "@/lib/i18n/time-zone";
import { serializeFileRecord } from "./file-record";
import type { InterviewSummary, Recording, Tally } from "./schemas";

export type InterviewRow = {
  id: string;
  personId: string;
  districtId: string;
  date: string;
  boardId: string | null;
  formId: string | null;
  profileId: string | null;
  published: boolean;
  startsAt: Date | null;
  durationMinutes: number | null;
  location: string | null;
  meetingUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export const interviewListSelect = {
  id: true,
  personId: true,
  districtId: true,
  date: true,
  boardId: true,
  formId: true,
  profileId: true,
  published: true,
  startsAt: true,
  durationMinutes: true,
  location: true,
  meetingUrl: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** The list shape: an Interview without `responses` and `audio`. */
export function serializeInterviewSummary(i: InterviewRow) {
  const timeZone = displayTimeZone();
  // A plain read (sqlRows) gives the timestamp as a Date too; a cached copy's row as its text.
  const startsAt = i.startsAt === null || i.startsAt === undefined ? null : new Date(i.startsAt).getTime();
  return {
    id: i.id,
    person_id: i.personId,
    district_id: i.districtId,
    date: i.date,
    board_id: i.boardId,
    form_id: i.formId,
    profile_id: i.profileId,
    published: i.published ? 1 : 0,
    starts_at: startsAt,
    starts_at_local: startsAt === null ? null : zonedIso(startsAt, timeZone),
    time_zone: timeZone,
    duration_minutes: i.durationMinutes ?? null,
    location: i.location ?? null,
    meeting_url: i.meetingUrl ?? null,
    created_at: i.createdAt.getTime(),
    updated_at: i.updatedAt.getTime(),
  } satisfies InterviewSummary;
}

/**
 * The board's decision. `seesTally`: whether the reader may read every submitted scorecard
 * (lib/scorecards/scorecard-sight-sql.ts), and so the tally; absent means no.
 */
type DecisionColumns = {
  recommendation: number | null;
  recommendationTally: unknown;
  recommendationBy: string | null;
  recommendationAt: Date | null;
  seesTally?: boolean;
};

export type FullInterviewRow = InterviewRow & { responses: unknown } & DecisionColumns;

export const interviewFullSelect = {
  ...interviewListSelect,
  responses: true,
  recommendation: true,
  recommendationTally: true,
  recommendationBy: true,
  recommendationAt: true,
} as const;

const asObject = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * The single-interview shape: the list shape plus `responses` and `audio` (built from the
 * recordings' rows by lib/audio/recording-map.ts), and the board's decision. File field values
 * become file records with URLs; `responses` must already be stripped for the caller. Answers to
 * scorecard fields never show here (one left from before the field became a scorecard field
 * included): each member's are on their scorecard.
 */
export function serializeInterview(
  origin: string,
  i: FullInterviewRow,
  fields: FormField[],
  responses: Record<string, unknown>,
  audio: Record<string, Recording> = {},
) {
  const fileFields = new Set(fields.filter((f) => f.type === "file").map((f) => f.id));
  const scorecardFields = new Set(fields.filter((f) => f.scorecard === 1).map((f) => f.id));
  const out: Record<string, unknown> = {};
  for (const [fieldId, value] of Object.entries(responses)) {
    if (scorecardFields.has(fieldId)) continue;
    out[fieldId] = fileFields.has(fieldId)
      ? Object.fromEntries(Object.entries(asObject(value)).map(([fileId, rec]) => [fileId, serializeFileRecord(origin, rec)]))
      : value;
  }
  return {
    ...serializeInterviewSummary(i),
    responses: out,
    audio,
    recommendation: i.recommendation ?? null,
    recommendation_tally: i.seesTally && i.recommendation !== null ? ((i.recommendationTally as Tally | null) ?? null) : null,
    recommendation_by: i.recommendationBy ?? null,
    recommendation_at: i.recommendationAt?.getTime() ?? null,
  };
}

import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { confirmSession, sessionCheckColumn } from "@/lib/auth/session-check";
import { sqlParams, sqlRows } from "@/lib/db/pool";
import { readFormFields } from "@/lib/forms/read-form-fields";
import { notFound } from "@/lib/errors/app-error";
import { seesTallySql } from "@/lib/scorecards/scorecard-sight-sql";
import type { AttachmentRow } from "./file-record";
import type { FullInterviewRow } from "./serialize-interview";
import { visibleInterviewsSql } from "./visibility";

type Row = FullInterviewRow & {
  formFields: unknown;
  files: (Omit<AttachmentRow, "createdAt"> & { createdMs: number })[];
  hasRecordings: boolean;
  sessionState?: string | null;
};

/**
 * The interview `id` of person `personId`, if the caller may see it, with its form's fields
 * and its attachments (and whether it has recordings), in one statement. Anything else (other district, other person,
 * unpublished for a candidate…) is 404. On a remembered session, the same statement checks the
 * session (lib/auth/session-check.ts).
 */
export async function findVisibleInterview(ctx: Ctx, personId: string, id: string) {
  const { values, p } = sqlParams();
  const visible = visibleInterviewsSql(ctx, "i", p);
  const [row] = await sqlRows<Row>(
    `select i.id, i.person_id as "personId", i.district_id as "districtId", i.date, i.board_id as "boardId", i.form_id as "formId",
            i.profile_id as "profileId", i.published, i.starts_at as "startsAt",
            i.duration_minutes as "durationMinutes", i.location, i.meeting_url as "meetingUrl", i.created_at as "createdAt", i.updated_at as "updatedAt", i.responses,
            i.recommendation, i.recommendation_tally as "recommendationTally", i.recommendation_by as "recommendationBy",
            i.recommendation_at as "recommendationAt", ${seesTallySql(ctx, "i", p)} as "seesTally",
            f.fields as "formFields",
            coalesce((select json_agg(json_build_object('id', a.id, 'fieldId', a.field_id, 'name', a.name, 'storageKey', a.storage_key,
                                                        'contentType', a.content_type, 'size', a.size, 'createdMs', (extract(epoch from a.created_at) * 1000)::float8))
                        from interview_files a where a.district_id = i.district_id and a.interview_id = i.id), '[]'::json) as files,
            exists (select 1 from audio_recordings r where r.district_id = i.district_id and r.interview_id = i.id and r.finalized_at is not null) as "hasRecordings"${sessionCheckColumn(ctx, p)}
       from interviews i left join forms f on f.id = i.form_id and f.district_id = i.district_id
      where i.id = ${p(id)} and i.person_id = ${p(personId)} and ${visible}`,
    values,
  );
  if (!row) throw notFound("Interview");
  confirmSession(ctx, row.sessionState);
  const { formFields, files, sessionState: _, ...interview } = row;
  return {
    ...interview,
    form: row.formId ? { fields: formFields } : null,
    files: files.map(({ createdMs, ...f }) => ({ ...f, createdAt: new Date(createdMs) })),
    fields: row.formId ? readFormFields(formFields) : null,
  };
}

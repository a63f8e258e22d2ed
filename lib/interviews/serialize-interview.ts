export type InterviewRow = {
  id: string;
  personId: string;
  districtId: string;
  date: string;
  boardId: string | null;
  formId: string | null;
  profileId: string | null;
  published: boolean;
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
  createdAt: true,
  updatedAt: true,
} as const;

/** The list shape: an Interview without `responses` and `audio`. */
export function serializeInterviewSummary(i: InterviewRow) {
  return {
    id: i.id,
    person_id: i.personId,
    district_id: i.districtId,
    date: i.date,
    board_id: i.boardId,
    form_id: i.formId,
    profile_id: i.profileId,
    published: i.published ? 1 : 0,
    created_at: i.createdAt.getTime(),
    updated_at: i.updatedAt.getTime(),
  };
}

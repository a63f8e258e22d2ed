/** Shapes of /api/interviews: the server's own schemas' types (type-only, nothing server-side is bundled). */
import type { GetInterviewQuery } from "@/lib/interviews/schemas";

export type {
  CreateInterviewInput,
  FileRecord,
  Interview,
  InterviewAttachment as Attachment,
  InterviewSummary,
  Recording,
  UpdateInterviewInput,
} from "@/lib/interviews/schemas";

/** Whose view staff preview: `?view=candidate|mentor`. */
export type InterviewView = NonNullable<GetInterviewQuery["view"]>;

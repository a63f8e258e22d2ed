/**
 * A write to a district's table must name the district in its `where`: an id alone, even one
 * read a moment earlier in a district-scoped query, is one refactoring away from changing
 * another district's record. This guard makes that mistake fail loudly (a 500 in tests)
 * instead of silently working.
 *
 * Raw SQL is not seen here; every raw UPDATE/DELETE carries `district_id = …` by review.
 */

/** Tables with a district_id column: writes need `where.districtId`. */
const DISTRICT_TABLES = new Set([
  "Role",
  "Tag",
  "Person",
  "MentorAssignment",
  "PersonFile",
  "ApiKey",
  "Form",
  "Board",
  "Profile",
  "Interview",
  "InterviewFile",
  "AudioRecording",
  "AudioChunk",
  "Conversation",
  "ConversationParticipant",
  "Message",
  "TranscriptSegment",
  "RecordingStep",
  "Translation",
  "IdempotencyKey",
  "RetiredApiKeySecret",
  "WebhookEndpoint",
  "WebhookEvent",
  "WebhookDelivery",
  "PeopleImport",
]);

/** Tables without a district column, scoped through the relation named here. */
const SCOPED_THROUGH: Record<string, string> = { BoardMember: "board" };

const WRITES_WITH_WHERE = new Set(["update", "updateMany", "updateManyAndReturn", "delete", "deleteMany", "upsert"]);

type Where = Record<string, unknown> | undefined;

const namesDistrict = (where: Where) => where?.districtId !== undefined && where.districtId !== null;

export function assertDistrictScopedWrite(model: string | undefined, operation: string, args: unknown) {
  if (!model || !WRITES_WITH_WHERE.has(operation)) return;
  const where = (args as { where?: Where } | undefined)?.where;
  if (DISTRICT_TABLES.has(model) && !namesDistrict(where)) {
    throw new Error(`${model}.${operation} without districtId in its where: every write names the district.`);
  }
  const relation = SCOPED_THROUGH[model];
  if (relation && !namesDistrict(where?.[relation] as Where)) {
    throw new Error(`${model}.${operation} without ${relation}.districtId in its where: every write names the district.`);
  }
}

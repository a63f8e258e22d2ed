import type { z } from "zod";
import { erasedPersonSchema, erasePersonSchema } from "@/lib/people/erase-schemas";
import { calendarFeedSchema, calendarSettingsSchema, updateCalendarSettingsSchema } from "@/lib/calendar/schemas";
import { retentionSettingsSchema, updateRetentionSchema } from "@/lib/retention/schemas";
import { unsubscribeResultSchema } from "@/lib/notifications/schemas";
import { putSsoConnectionSchema, ssoConnectionSchema, ssoLookupSchema } from "@/lib/sso/schemas";
import {
  captureResponseSchema,
  finalizeResponseSchema,
  finalizeSchema,
  managedRecordingSchema,
  recordingStatusSchema,
  summarizeResponseSchema,
  summarizeSchema,
  transcribeResponseSchema,
  transcribeSchema,
  translateRecordingSchema,
  translateResponseSchema,
} from "@/lib/audio/schemas";
import { auditEventSchema, auditPageSchema } from "@/lib/audit/schemas";
import { jobSchema } from "@/lib/jobs/schemas";
import { boardSchema, createBoardSchema, updateBoardSchema } from "@/lib/boards/schemas";
import { roleInputSchema, roleSchema, roleUpdateSchema, tagInputSchema, tagSchema } from "@/lib/definitions/schemas";
import { createFormSchema, formFieldResponseSchema, formFieldSchema, formSchema, multilingualTextSchema, updateFormSchema } from "@/lib/forms/schemas";
import { errorBodySchema, errorDetailSchema } from "@/lib/http/errors";
import { partHealthSchema } from "@/lib/health/part-health";
import { serviceHealthSchema } from "@/lib/health/service-health-schema";
import { multilingualTextResponseSchema, okSchema } from "@/lib/http/schemas";
import {
  createInterviewSchema,
  fileRecordSchema,
  interviewAttachmentSchema,
  interviewSchema,
  interviewSummarySchema,
  recordingSchema,
  responseValueSchema,
  transcriptSegmentSchema,
  updateInterviewSchema,
} from "@/lib/interviews/schemas";
import { createKeySchema, previousSecretSchema, rotateKeySchema } from "@/lib/keys/schemas";
import {
  contactSchema,
  conversationListItemSchema,
  conversationSchema,
  createConversationSchema,
  createdConversationSchema,
  lastMessageSchema,
  messageSchema,
  personNameSchema,
  postMessageSchema,
  reactSchema,
  readStateSchema,
  realtimeAuthResponseSchema,
  realtimeAuthSchema,
  realtimeConfigSchema,
  unreadSchema,
} from "@/lib/messages/schemas";
import { apiKeySchema, createdApiKeySchema } from "@/lib/keys/schemas";
import {
  createPersonSchema,
  meSchema,
  personDetailSchema,
  personFileSchema,
  personListItemSchema,
  personSchema,
  updatePersonSchema,
} from "@/lib/people/schemas";
import { importJobSchema, importReportSchema, importRowSchema } from "@/lib/people/csv-schemas";
import { createProfileSchema, profileSchema, updateProfileSchema } from "@/lib/profiles/schemas";
import { scorecardSchema } from "@/lib/scorecards/schemas";
import { searchResponseSchema, searchResultSchema } from "@/lib/search/schemas";
import {
  createEndpointSchema,
  deliverySchema,
  endpointSchema,
  endpointWithSecretSchema,
  replayedSchema,
  replaySchema,
  sentSchema,
  updateEndpointSchema,
} from "@/lib/webhooks/schemas";

/**
 * The named schemas of the document (`#/components/schemas/<name>`): the very objects the
 * serializers are typed with and the routes parse with. Wherever one of them appears inside
 * another schema, the document refers to it by name instead of repeating it.
 */

/** Response shapes, converted as what the service sends (zod "output"). */
export const RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  Error: errorBodySchema,
  ErrorDetail: errorDetailSchema,
  Ok: okSchema,
  MultilingualText: multilingualTextResponseSchema,
  Person: personSchema,
  PersonListItem: personListItemSchema,
  PersonDetail: personDetailSchema,
  PersonFile: personFileSchema,
  PeopleImportReport: importReportSchema,
  PeopleImportRow: importRowSchema,
  PeopleImport: importJobSchema,
  Me: meSchema,
  InterviewSummary: interviewSummarySchema,
  Interview: interviewSchema,
  ResponseValue: responseValueSchema,
  FileRecord: fileRecordSchema,
  InterviewAttachment: interviewAttachmentSchema,
  Scorecard: scorecardSchema,
  Recording: recordingSchema,
  TranscriptSegment: transcriptSegmentSchema,
  AudioChunkStored: captureResponseSchema,
  AudioFinalized: finalizeResponseSchema,
  AudioTranscribed: transcribeResponseSchema,
  AudioSummarized: summarizeResponseSchema,
  AudioTranslated: translateResponseSchema,
  RecordingStatus: recordingStatusSchema,
  RecordingWithIds: managedRecordingSchema,
  Job: jobSchema,
  AuditEvent: auditEventSchema,
  AuditPage: auditPageSchema,
  Form: formSchema,
  FormField: formFieldResponseSchema,
  Board: boardSchema,
  Profile: profileSchema,
  Role: roleSchema,
  Tag: tagSchema,
  ApiKey: apiKeySchema,
  CreatedApiKey: createdApiKeySchema,
  PreviousSecret: previousSecretSchema,
  ConversationListItem: conversationListItemSchema,
  CreatedConversation: createdConversationSchema,
  Conversation: conversationSchema,
  Message: messageSchema,
  LastMessage: lastMessageSchema,
  PersonName: personNameSchema,
  Contact: contactSchema,
  Unread: unreadSchema,
  SearchResults: searchResponseSchema,
  SearchResult: searchResultSchema,
  ReadState: readStateSchema,
  RealtimeSettings: realtimeConfigSchema,
  RealtimeAuthorization: realtimeAuthResponseSchema,
  ServiceHealth: serviceHealthSchema,
  PartHealth: partHealthSchema,
  WebhookEndpoint: endpointSchema,
  WebhookEndpointWithSecret: endpointWithSecretSchema,
  WebhookDelivery: deliverySchema,
  WebhookSent: sentSchema,
  WebhookReplayed: replayedSchema,
  RetentionSettings: retentionSettingsSchema,
  ErasedPerson: erasedPersonSchema,
  CalendarSettings: calendarSettingsSchema,
  CalendarFeed: calendarFeedSchema,
  SsoConnection: ssoConnectionSchema,
  SsoLookup: ssoLookupSchema,
  Unsubscribed: unsubscribeResultSchema,
};

/** Request bodies, converted as what the service accepts (zod "input": before defaults and transforms). */
export const REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  PersonCreate: createPersonSchema,
  PersonUpdate: updatePersonSchema,
  InterviewCreate: createInterviewSchema,
  InterviewUpdate: updateInterviewSchema,
  AudioFinalize: finalizeSchema,
  AudioTranscribe: transcribeSchema,
  AudioSummarize: summarizeSchema,
  AudioTranslate: translateRecordingSchema,
  FormCreate: createFormSchema,
  FormUpdate: updateFormSchema,
  FormFieldInput: formFieldSchema,
  MultilingualTextInput: multilingualTextSchema,
  BoardCreate: createBoardSchema,
  BoardUpdate: updateBoardSchema,
  ProfileCreate: createProfileSchema,
  ProfileUpdate: updateProfileSchema,
  RoleCreate: roleInputSchema,
  RoleUpdate: roleUpdateSchema,
  TagInput: tagInputSchema,
  ApiKeyCreate: createKeySchema,
  ApiKeyRotate: rotateKeySchema,
  ConversationCreate: createConversationSchema,
  MessageCreate: postMessageSchema,
  ReactionToggle: reactSchema,
  RealtimeAuthRequest: realtimeAuthSchema,
  WebhookEndpointCreate: createEndpointSchema,
  WebhookEndpointUpdate: updateEndpointSchema,
  WebhookReplay: replaySchema,
  RetentionUpdate: updateRetentionSchema,
  PersonErase: erasePersonSchema,
  CalendarSettingsUpdate: updateCalendarSettingsSchema,
  SsoConnectionPut: putSsoConnectionSchema,
};

/**
 * Every queue of the service, with its retry policy and how many jobs of it one worker process
 * runs at once. Definitions only (no handlers), so that code which enqueues does not load the
 * work itself. pg-boss "stately" queues hold at most one queued and one running job per
 * singleton key: a second request for the same recording step joins the one already queued.
 */
export type RecordingStepName = "finalize" | "transcribe" | "summarize" | "translate";

export type JobData = {
  "recording-finalize": { districtId: string; recordingId: string };
  "recording-transcribe": { districtId: string; recordingId: string };
  "recording-summarize": { districtId: string; recordingId: string };
  "recording-translate": { districtId: string; recordingId: string };
  "chunks-delete": { districtId: string; recordingId: string };
  /** The stored files of a deleted recording (its file, chunks not yet removed): deleted again later, in case the delete after its commit failed. */
  "recording-files-delete": { districtId: string; keys: string[] };
  "chunks-sweep": Record<string, never>;
  "message-translate": { districtId: string; messageId: string; languages: string[] };
  /** `districtId`: the district of the person it is for, whose admins see it if it dies (Settings → Background jobs). */
  "mail-send": { to: string; subject: string; text: string; html: string; expiresAt?: number; districtId?: string };
  "webhook-deliver": { districtId: string; deliveryId: string };
  "webhooks-sweep": Record<string, never>;
  "idempotency-sweep": Record<string, never>;
  "people-import": { districtId: string; importId: string };
  /** A recording's transcript indexed for search again (lib/search/index-recording.ts). */
  "search-index-recording": { districtId: string; recordingId: string };
  /** Every row indexed for search again, up to `version` (lib/search/backfill-index.ts); no district: the operator's. */
  "search-backfill": { version: number };
  "retention-sweep": Record<string, never>;
  /** A scheduled backup into BACKUP_DIR (lib/backup/scheduled-backup.ts); no district: the operator's. */
  backup: Record<string, never>;
  /** Every district's notification e-mails due (lib/notifications/sweep-notifications.ts); no district: the operator's. */
  /** The cron's sweep covers every district; `districtIds` limits one to those (tests). */
  "notifications-sweep": { districtIds?: string[] };
  /** One claimed notification e-mail (lib/notifications/send-notification.ts). */
  "notification-send": { districtId: string; notificationId: string };
  /** An interview's calendar invitations brought in line with it: REQUEST, update or CANCEL (lib/calendar/sync-invitations.ts). */
  "calendar-sync": { districtId: string; interviewId: string };
};

export type QueueName = keyof JobData;

/** What a handler learns of its job besides the data. */
export type JobInfo = { id: string; queue: QueueName; retryCount: number; retryLimit: number; isLastAttempt: boolean };

export type QueueDefinition = {
  policy: "standard" | "stately";
  /** Attempts after the first; then the job is dead (failed), which an admin can see and retry. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) for each next one. */
  retryDelay: number;
  /** A running job not finished in this time is failed and retried (pg-boss's own lease). */
  expireInSeconds: number;
  /** Jobs of this queue one worker process runs at once. */
  concurrency: number;
};

const minutes = (n: number) => n * 60;
const hours = (n: number) => n * 3600;

export const QUEUES: Record<QueueName, QueueDefinition> = {
  // Finalize is quick (0.3 s for 2 hours of chunks) but waits on storage.
  "recording-finalize": { policy: "stately", retryLimit: 6, retryDelay: 5, expireInSeconds: hours(1), concurrency: 2 },
  // Transcription is the long one: one at a time per process (pocketsphinx takes a core), and
  // its own lease (recording_steps.heartbeat_at) notices a dead worker long before this expiry.
  "recording-transcribe": { policy: "stately", retryLimit: 8, retryDelay: 10, expireInSeconds: hours(23), concurrency: 1 },
  "recording-summarize": { policy: "stately", retryLimit: 8, retryDelay: 10, expireInSeconds: hours(1), concurrency: 2 },
  "recording-translate": { policy: "stately", retryLimit: 8, retryDelay: 10, expireInSeconds: hours(2), concurrency: 2 },
  "chunks-delete": { policy: "stately", retryLimit: 10, retryDelay: 60, expireInSeconds: hours(1), concurrency: 2 },
  "recording-files-delete": { policy: "standard", retryLimit: 10, retryDelay: 60, expireInSeconds: minutes(10), concurrency: 2 },
  // Run by cron once per cluster (pg-boss's schedule takes a lock), never per process.
  "chunks-sweep": { policy: "stately", retryLimit: 2, retryDelay: 60, expireInSeconds: hours(1), concurrency: 1 },
  // Retries for about a day when the provider is down: 10 attempts from 30 s doubling.
  "message-translate": { policy: "standard", retryLimit: 10, retryDelay: 30, expireInSeconds: minutes(10), concurrency: 2 },
  // SMTP down: retried for about a day (12 attempts from 30 s doubling, capped by pg-boss at 2^16).
  "mail-send": { policy: "standard", retryLimit: 12, retryDelay: 30, expireInSeconds: minutes(10), concurrency: 2 },
  // An endpoint that does not answer 2xx: 11 attempts, the retries 1-2 min, 2-4, 4-8 … 8.5-17 h
  // after the one before (60 s doubling, with jitter): 17 to 34 hours in all, about a day
  // on average. Then the endpoint is disabled (lib/webhooks/deliver-webhook.ts).
  "webhook-deliver": { policy: "standard", retryLimit: 10, retryDelay: 60, expireInSeconds: minutes(5), concurrency: 4 },
  // Removes events and deliveries older than 30 days; cron, once per cluster.
  "webhooks-sweep": { policy: "stately", retryLimit: 2, retryDelay: 60, expireInSeconds: hours(1), concurrency: 1 },
  // Deletes Idempotency-Key answers older than their 24 hours; cron, once per cluster.
  "idempotency-sweep": { policy: "stately", retryLimit: 2, retryDelay: 60, expireInSeconds: hours(1), concurrency: 1 },
  // A people import too large for its request: all rows in one transaction (at most 15 minutes); a
  // worker that died mid-import is noticed after the expiry, and the retry finds it done or runs it whole again.
  "people-import": { policy: "standard", retryLimit: 2, retryDelay: 30, expireInSeconds: minutes(20), concurrency: 1 },
  // A transcript's passages: a second or two for hours of text; a change while one is queued joins it.
  "search-index-recording": { policy: "stately", retryLimit: 5, retryDelay: 10, expireInSeconds: minutes(10), concurrency: 1 },
  // Indexes every row after a new index (or index version): minutes for a large district; once per cluster.
  "search-backfill": { policy: "stately", retryLimit: 5, retryDelay: 60, expireInSeconds: hours(2), concurrency: 1 },
  // Deletes what each district's retention settings say has expired (lib/retention/); cron, once per cluster.
  "retention-sweep": { policy: "stately", retryLimit: 2, retryDelay: 300, expireInSeconds: hours(3), concurrency: 1 },
  // Not retried: a failed backup is a dead job at once, for the operator to see; the next schedule
  // tries again. Long: 2 GB of audio takes minutes.
  backup: { policy: "stately", retryLimit: 0, retryDelay: 60, expireInSeconds: hours(6), concurrency: 1 },
  // Claims the e-mails due (unread messages, published interviews, reminders) and queues one job each; cron, every minute, once per cluster.
  "notifications-sweep": { policy: "stately", retryLimit: 1, retryDelay: 30, expireInSeconds: minutes(10), concurrency: 1 },
  // SMTP down: retried for about a day, like mail-send; the e-mail is rendered again at each attempt.
  "notification-send": { policy: "standard", retryLimit: 12, retryDelay: 30, expireInSeconds: minutes(10), concurrency: 2 },
  // One queued per interview (a burst of edits joins it); SMTP down: retried for about a day like mail-send.
  "calendar-sync": { policy: "stately", retryLimit: 12, retryDelay: 30, expireInSeconds: minutes(10), concurrency: 2 },
};

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

/** Which queue runs each recording step. */
export const STEP_QUEUE: Record<RecordingStepName, QueueName> = {
  finalize: "recording-finalize",
  transcribe: "recording-transcribe",
  summarize: "recording-summarize",
  translate: "recording-translate",
};

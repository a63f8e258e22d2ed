/**
 * The kinds of notification e-mail a person may each turn off (settings page, PATCH /api/me
 * `notifications`, and each e-mail's one-click unsubscribe). Browser-safe: the settings card lists them.
 */
export const NOTIFICATION_KINDS = ["messages", "interview_published", "interview_reminder"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: unknown): value is NotificationKind => (NOTIFICATION_KINDS as readonly unknown[]).includes(value);

/** A person's choices: 1 gets that kind of e-mail, 0 does not (the contract's flags are 0/1). */
export type NotificationPreferences = Record<NotificationKind, 0 | 1>;

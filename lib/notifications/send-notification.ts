import "server-only";
import { db } from "@/lib/db/client";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { uiLocaleFor, type UiLocale } from "@/lib/i18n/locales";
import type { JobData } from "@/lib/jobs/queues";
import { sendMail, type Mail } from "@/lib/mail/send-mail";
import { listPeopleNames } from "@/lib/messages/list-people-names";
import { readingLanguage } from "@/lib/messages/reading-language";
import { messageSelect, serializeMessage } from "@/lib/messages/serialize-message";
import { translationsInto } from "@/lib/messages/translate-messages";
import { isNotificationKind, type NotificationKind } from "./kinds.shared";
import type { NotificationData } from "./claim-notification";
import { interviewPublishedMail, interviewReminderMail, notificationText, unreadMessagesMail, type ConversationDigest } from "./notification-mail";
import { wantsNotification } from "./preferences";
import { unsubscribeUrl } from "./unsubscribe-token";

/** Newest messages shown per conversation; the e-mail says how many more there are. */
const MESSAGES_SHOWN = 3;
/** The page where a person changes which e-mails they get. */
const NOTIFICATION_SETTINGS_PATH = "/account";

type Recipient = { id: string; first: string; last: string; email: string; language: string };
type Rendered = Mail | string;

const fullName = (p: { first: string; last: string }) => `${p.first} ${p.last}`.trim();

function formatDate(date: string, locale: UiLocale) {
  const [year, month, day] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * The unread-messages e-mail as the chat would show it now: each conversation claimed, if the
 * reader has not read it meanwhile, with its newest unread messages from others in the reader's
 * language (the chat's own translations, made now if missing). A string: why nothing is sent.
 */
async function renderMessages(
  districtId: string,
  person: Recipient,
  data: NotificationData,
  locale: UiLocale,
  common: Parameters<typeof unreadMessagesMail>[0],
): Promise<Rendered> {
  if (!("conversations" in data)) return "malformed";
  const t = notificationText(locale);
  const reader = { personId: person.id, language: readingLanguage(person.language) };
  const digests: ConversationDigest[] = [];
  for (const { id, seq } of data.conversations) {
    const participant = await db().conversationParticipant.findFirst({
      where: { districtId, conversationId: id, personId: person.id, leftAt: null },
      select: { lastReadSeq: true },
    });
    if (!participant || participant.lastReadSeq >= seq) continue;
    const where = { districtId, conversationId: id, kind: "message", senderId: { not: person.id }, seq: { gt: participant.lastReadSeq, lte: seq } };
    const [rows, count, others] = await Promise.all([
      db().message.findMany({ where, select: messageSelect, orderBy: { seq: "desc" }, take: MESSAGES_SHOWN }),
      db().message.count({ where }),
      db().conversationParticipant.findMany({
        where: { districtId, conversationId: id, personId: { not: person.id }, leftAt: null },
        select: { personId: true },
      }),
    ]);
    if (!rows.length) continue;
    rows.reverse();
    const translated = await translationsInto(districtId, rows, reader.language);
    const names = new Map(
      (await listPeopleNames(districtId, [...rows.map((r) => r.senderId), ...others.map((o) => o.personId)])).map((n) => [n.id, fullName(n)]),
    );
    const title = t("messages.conversation", {
      names:
        others
          .map((o) => names.get(o.personId))
          .filter(Boolean)
          .join(", ") || t("messages.nobody"),
    });
    digests.push({
      title,
      url: `${serviceOrigin()}/messages/${id}`,
      more: count - rows.length,
      messages: rows.map((row) => ({ sender: names.get(row.senderId) ?? t("messages.deletedSender"), body: serializeMessage(row, reader, translated).body })),
    });
  }
  return digests.length ? unreadMessagesMail(common, digests) : "read meanwhile";
}

async function renderInterview(
  districtId: string,
  person: Recipient,
  kind: NotificationKind,
  data: NotificationData,
  locale: UiLocale,
  common: Parameters<typeof unreadMessagesMail>[0],
): Promise<Rendered> {
  if (!("interviewId" in data)) return "malformed";
  const interview = await db().interview.findFirst({
    where: { districtId, id: data.interviewId },
    select: { id: true, date: true, published: true, personId: true, boardId: true, person: { select: { first: true, last: true } } },
  });
  if (!interview) return "the interview was deleted";
  const url = `${serviceOrigin()}/interviews/${encodeURIComponent(interview.personId)}/${encodeURIComponent(interview.id)}`;
  const date = formatDate(interview.date, locale);
  if (kind === "interview_published") {
    if (!interview.published || interview.personId !== person.id) return "no longer published";
    return interviewPublishedMail(common, { date, url });
  }
  const member =
    interview.boardId &&
    (await db().boardMember.findFirst({ where: { boardId: interview.boardId, personId: person.id, board: { districtId } }, select: { personId: true } }));
  if (!member) return "no longer on the interview's board";
  const submitted = await db().interviewScorecard.findFirst({
    where: { districtId, interviewId: interview.id, memberId: person.id, submittedAt: { not: null } },
    select: { id: true },
  });
  if (submitted) return "the scorecard was submitted meanwhile";
  return interviewReminderMail(common, { date, candidate: fullName(interview.person), url });
}

/**
 * The job "notification-send": renders the claimed e-mail in the recipient's interface language
 * as things are now and sends it. Dropped, never sent, when the person is archived or erased,
 * has turned this kind off, or there is nothing left to tell (read meanwhile, scorecard
 * submitted, interview unpublished). A mail server that refuses it fails the job, which the
 * queue retries with backoff. Sent once: a claim has one job, and a job that finds its e-mail
 * already sent (a retry after the mail server took it) sends nothing.
 */
export async function sendNotification(data: JobData["notification-send"]) {
  const { districtId, notificationId } = data;
  const notification = await db().notification.findFirst({
    where: { districtId, id: notificationId },
    select: { personId: true, kind: true, data: true, sentAt: true, droppedReason: true },
  });
  if (!notification) return { dropped: "its claim is gone (the person was deleted)" };
  if (notification.sentAt || notification.droppedReason) return { already: notification.sentAt ? "sent" : "dropped" };
  const drop = async (reason: string) => {
    await db().notification.updateMany({ where: { districtId, id: notificationId, sentAt: null }, data: { droppedReason: reason } });
    return { dropped: reason };
  };
  const kind = notification.kind;
  if (!isNotificationKind(kind)) return drop("unknown kind");
  const person = await db().person.findFirst({
    where: { districtId, id: notification.personId },
    select: { id: true, first: true, last: true, email: true, language: true, archived: true, erasedAt: true },
  });
  if (!person || person.archived || person.erasedAt) return drop("the person is archived");
  if (!(await wantsNotification(districtId, person.id, kind))) return drop("the person turned this kind off");
  const locale = uiLocaleFor(person.language);
  const common = {
    to: person.email,
    locale,
    unsubscribeUrl: unsubscribeUrl({ districtId, personId: person.id, kind }),
    settingsUrl: `${serviceOrigin()}${NOTIFICATION_SETTINGS_PATH}`,
  };
  const content = notification.data as NotificationData;
  const mail =
    kind === "messages"
      ? await renderMessages(districtId, person, content, locale, common)
      : await renderInterview(districtId, person, kind, content, locale, common);
  if (typeof mail === "string") return drop(mail);
  await sendMail(mail);
  await db().notification.updateMany({ where: { districtId, id: notificationId }, data: { sentAt: new Date() } });
  return { sent: true };
}

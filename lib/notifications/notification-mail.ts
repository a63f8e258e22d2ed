import "server-only";
import { createTranslator } from "use-intl/core";
import { compiledMessages } from "@/lib/i18n/compiled-messages";
import type { UiLocale } from "@/lib/i18n/locales";
import type { Mail } from "@/lib/mail/send-mail";
import type { NotificationKind } from "./kinds.shared";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The notification e-mails' words in the recipient's interface language (messages/<locale>/notificationEmails.json). */
export const notificationText = (locale: UiLocale) => createTranslator({ locale, messages: compiledMessages(locale), namespace: "notificationEmails" });

/** One conversation of an unread-messages e-mail: its name, its newest messages as the chat shows them to the reader, and its link. */
export type ConversationDigest = { title: string; url: string; more: number; messages: Array<{ sender: string; body: string }> };

type Parts = { to: string; locale: UiLocale; kind: NotificationKind; subject: string; title: string; unsubscribeUrl: string; settingsUrl: string };

/**
 * An e-mail with an HTML and a text part, and the one-click unsubscribe of RFC 8058: the
 * List-Unsubscribe link, POSTed by the mail client with List-Unsubscribe=One-Click, stops this
 * kind of e-mail for this person without a sign-in; opened in a browser it shows a confirmation.
 */
function notificationMail(parts: Parts, body: { html: string; text: string }): Mail {
  const t = notificationText(parts.locale);
  const why = t(`why.${parts.kind}`);
  const stop = t("unsubscribe");
  const settings = t("settings");
  const html = `<!doctype html><html lang="${parts.locale}"><body style="font-family:system-ui,sans-serif;background:#f5f6f8;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escape(parts.title)}</h1>
${body.html}
<p style="color:#666;font-size:12px;margin-top:24px">${escape(why)} <a href="${escape(parts.unsubscribeUrl)}" style="color:#666">${escape(stop)}</a> · <a href="${escape(parts.settingsUrl)}" style="color:#666">${escape(settings)}</a></p>
</div></body></html>`;
  const text = `${parts.title}\n\n${body.text}\n\n--\n${why}\n${stop}: ${parts.unsubscribeUrl}\n${settings}: ${parts.settingsUrl}\n`;
  return {
    to: parts.to,
    subject: parts.subject,
    html,
    text,
    headers: { "List-Unsubscribe": `<${parts.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

const button = (url: string, label: string) =>
  `<p><a href="${escape(url)}" style="display:inline-block;background:#1f4fd1;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(label)}</a></p>`;

type Common = { to: string; locale: UiLocale; unsubscribeUrl: string; settingsUrl: string };

/** Unread messages: each conversation with its newest messages (translated as the chat shows them) and a link to it. */
export function unreadMessagesMail(common: Common, conversations: ConversationDigest[]): Mail {
  const t = notificationText(common.locale);
  const count = conversations.length;
  const title = t("messages.title", { count });
  const html = conversations
    .map(
      (c) => `<h2 style="font-size:16px;margin:20px 0 8px"><a href="${escape(c.url)}" style="color:#1f4fd1">${escape(c.title)}</a></h2>
${c.messages.map((m) => `<p style="margin:4px 0;color:#333"><strong>${escape(m.sender)}:</strong> ${escape(m.body)}</p>`).join("\n")}
${c.more > 0 ? `<p style="margin:4px 0;color:#666;font-size:13px">${escape(t("messages.more", { count: c.more }))}</p>` : ""}
${button(c.url, t("messages.open"))}`,
    )
    .join("\n");
  const text = conversations
    .map((c) =>
      [
        c.title,
        ...c.messages.map((m) => `  ${m.sender}: ${m.body}`),
        ...(c.more > 0 ? [`  ${t("messages.more", { count: c.more })}`] : []),
        `  ${t("messages.open")}: ${c.url}`,
      ].join("\n"),
    )
    .join("\n\n");
  return notificationMail({ ...common, kind: "messages", subject: t("messages.subject", { count }), title }, { html, text });
}

/** A candidate's interview was published: its date and a link, nothing of its answers. */
export function interviewPublishedMail(common: Common, interview: { date: string; url: string }): Mail {
  const t = notificationText(common.locale);
  const intro = t("interviewPublished.intro", { date: interview.date });
  return notificationMail(
    { ...common, kind: "interview_published", subject: t("interviewPublished.subject"), title: t("interviewPublished.title") },
    {
      html: `<p style="color:#333">${escape(intro)}</p>${button(interview.url, t("interviewPublished.action"))}`,
      text: `${intro}\n\n${t("interviewPublished.action")}: ${interview.url}`,
    },
  );
}

/** A board member has not submitted their scorecard of an interview whose day has passed. */
export function interviewReminderMail(common: Common, interview: { date: string; candidate: string; url: string }): Mail {
  const t = notificationText(common.locale);
  const intro = t("interviewReminder.intro", { date: interview.date, candidate: interview.candidate });
  return notificationMail(
    { ...common, kind: "interview_reminder", subject: t("interviewReminder.subject", { candidate: interview.candidate }), title: t("interviewReminder.title") },
    {
      html: `<p style="color:#333">${escape(intro)}</p>${button(interview.url, t("interviewReminder.action"))}`,
      text: `${intro}\n\n${t("interviewReminder.action")}: ${interview.url}`,
    },
  );
}

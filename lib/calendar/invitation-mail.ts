import "server-only";
import type { Mail } from "@/lib/mail/send-mail";
import type { UiLocale } from "@/lib/i18n/locales";
import { calendarText, eventWords, whenText } from "./event-words";
import { invitationIcs, type EventDetails } from "./interview-event";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type InvitationMailInput = {
  kind: "request" | "update" | "cancel";
  to: { email: string; name: string };
  locale: UiLocale;
  uid: string;
  sequence: number;
  details: EventDetails;
  timeZone: string;
  pageUrl: string;
  organizer: { name: string; email: string };
};

/**
 * An invitation, update or cancellation by e-mail, in the recipient's language: a text and an
 * HTML part saying when and where, and the iCalendar message (text/calendar part and .ics
 * attachment) that calendars act on.
 */
export function invitationMail(input: InvitationMailInput): Mail {
  const t = calendarText(input.locale);
  const words = eventWords(input.details, input.locale, input.timeZone, input.pageUrl);
  const method = input.kind === "cancel" ? "CANCEL" : "REQUEST";
  const ics = invitationIcs({
    method,
    uid: input.uid,
    sequence: input.sequence,
    details: input.details,
    words,
    timeZone: input.timeZone,
    organizer: input.organizer,
    attendee: input.to,
  });
  const intro = t(`mail.${input.kind}Intro`);
  const lines = [
    whenText(input.details, input.locale, input.timeZone),
    ...(input.details.location ? [t("event.where", { location: input.details.location })] : []),
    ...(input.details.meeting_url ? [t("event.join", { url: input.details.meeting_url })] : []),
  ];
  const action = t("mail.action");
  const html = `<!doctype html><html lang="${input.locale}"><body style="font-family:system-ui,sans-serif;background:#f5f6f8;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escape(words.summary)}</h1>
<p style="color:#333">${escape(intro)}</p>
${lines.map((line) => `<p style="color:#333;margin:4px 0">${escape(line)}</p>`).join("\n")}
<p><a href="${escape(input.pageUrl)}" style="display:inline-block;background:#1f4fd1;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(action)}</a></p>
</div></body></html>`;
  const text = `${words.summary}\n\n${intro}\n\n${lines.join("\n")}\n\n${action}: ${input.pageUrl}\n`;
  return {
    to: input.to.email,
    subject: t(`mail.${input.kind}Subject`, { summary: words.summary }),
    text,
    html,
    icalEvent: { method, filename: input.kind === "cancel" ? "cancel.ics" : "invite.ics", content: ics },
  };
}

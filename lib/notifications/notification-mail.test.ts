import { describe, expect, it } from "vitest";
import { interviewPublishedMail, interviewReminderMail, unreadMessagesMail } from "./notification-mail";

const common = (locale: "en" | "es") => ({
  to: "a@example.test",
  locale,
  unsubscribeUrl: "https://cas.example.org/api/unsubscribe?token=t.s",
  settingsUrl: "https://cas.example.org/account",
});

describe("notification e-mails", () => {
  it("carry the one-click unsubscribe of RFC 8058, an HTML and a text part", () => {
    const mail = interviewPublishedMail(common("en"), { date: "November 2, 2026", url: "https://cas.example.org/interviews/p/i" });
    expect(mail.headers).toEqual({
      "List-Unsubscribe": "<https://cas.example.org/api/unsubscribe?token=t.s>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain("https://cas.example.org/interviews/p/i");
    expect(mail.text).toContain("https://cas.example.org/interviews/p/i");
    expect(mail.text).toContain("https://cas.example.org/api/unsubscribe?token=t.s");
  });

  it("are written in the recipient's interface language", () => {
    const en = interviewReminderMail(common("en"), { date: "2 Nov", candidate: "Ana Ruiz", url: "https://x/i" });
    const es = interviewReminderMail(common("es"), { date: "2 nov", candidate: "Ana Ruiz", url: "https://x/i" });
    expect(en.subject).not.toBe(es.subject);
    expect(es.html).toContain('<html lang="es">');
    expect(es.subject).toContain("Ana Ruiz");
  });

  it("escape what people wrote", () => {
    const mail = unreadMessagesMail(common("en"), [
      { title: "Conversation with <b>Eve</b>", url: "https://x/messages/c", more: 2, messages: [{ sender: "Eve", body: '<script>alert("x")</script>' }] },
    ]);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>Eve</b>");
    expect(mail.html).toContain("&#60;script&#62;");
    expect(mail.text).toContain('<script>alert("x")</script>');
  });
});

import "server-only";
import { createTranslator } from "use-intl/core";
import { compiledMessages } from "@/lib/i18n/compiled-messages";
import type { UiLocale } from "@/lib/i18n/locales";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mails' words in the recipient's interface language (messages/<locale>/email.json). */
const emailText = (locale: UiLocale) => createTranslator({ locale, messages: compiledMessages(locale), namespace: "email" });

function layout(locale: UiLocale, title: string, intro: string, url: string, action: string, footer: string) {
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;background:#f5f6f8;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escape(title)}</h1>
<p style="color:#333">${escape(intro)}</p>
<p><a href="${escape(url)}" style="display:inline-block;background:#1f4fd1;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(action)}</a></p>
<p style="color:#666;font-size:13px">${escape(footer)}</p>
<p style="color:#666;font-size:12px;word-break:break-all">${escape(url)}</p></div></body></html>`;
  const text = `${title}\n\n${intro}\n\n${action}: ${url}\n\n${footer}\n`;
  return { html, text };
}

export function signInMail(to: string, url: string, locale: UiLocale) {
  const t = emailText(locale);
  return {
    to,
    subject: t("signIn.subject"),
    ...layout(locale, t("signIn.title"), t("signIn.intro"), url, t("signIn.action"), t("signIn.footer")),
  };
}

export function inviteMail(to: string, name: string, district: string, url: string, locale: UiLocale) {
  const t = emailText(locale);
  return {
    to,
    subject: t("invite.subject", { district }),
    ...layout(locale, t("invite.title", { name }), t("invite.intro", { district }), url, t("invite.action"), t("invite.footer")),
  };
}

/** Why the service disabled an endpoint: its deliveries kept failing, or its owner may no longer read what it carries. */
export type WebhookDisabledCause = "failing" | "owner";

/** To each administrator when the service disabled a webhook endpoint (lib/webhooks/deliver-webhook.ts). */
export function webhookDisabledMail(
  to: string,
  endpointUrl: string,
  district: string,
  reason: string,
  settingsUrl: string,
  cause: WebhookDisabledCause,
  locale: UiLocale,
) {
  const t = emailText(locale);
  const intro =
    cause === "owner" ? t("webhookDisabled.introOwner", { url: endpointUrl, district }) : t("webhookDisabled.intro", { url: endpointUrl, district });
  const footer = cause === "owner" ? t("webhookDisabled.footerOwner", { reason }) : t("webhookDisabled.footer", { reason });
  return {
    to,
    subject: t("webhookDisabled.subject", { district }),
    ...layout(locale, t("webhookDisabled.title"), intro, settingsUrl, t("webhookDisabled.action"), footer),
  };
}

import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
// Every stylesheet is imported here, so each page's are named in the response's Link header and
// requested with the document; one imported by a page's component would only be found in the
// body, a round trip later, and it blocks the first paint (docs/architecture.md, "Decisions").
import "./globals.css";
import "@/components/interviews/interviews.css";
import "@/components/forms/definitions.css";
import "@/components/audio/audio.css";
import "@/components/search/search.css";
import "@/components/messages/messages.css";
import "@/components/messages/unread-badge.css";
import "@/components/webhooks/webhooks.css";
import "@/components/audit/audit.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return {
    title: { default: t("appName"), template: `%s · ${t("appName")}` },
    description: t("appDescription"),
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** Namespaces only the server uses (e-mails): not sent to browsers. */
const SERVER_ONLY_NAMESPACES = ["email", "notificationEmails"];

/**
 * Rendered per request (the locale comes from the session, and Next.js puts the request's CSP
 * nonce from proxy.ts on its scripts). Client components get the locale, the messages and the
 * time zone from NextIntlClientProvider.
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  const clientMessages = Object.fromEntries(Object.entries(messages).filter(([namespace]) => !SERVER_ONLY_NAMESPACES.includes(namespace)));
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider messages={clientMessages}>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}

import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import "./globals.css";
import "@/components/interviews/interviews.css";
import "@/components/forms/definitions.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return {
    title: { default: t("appName"), template: `%s · ${t("appName")}` },
    description: t("appDescription"),
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** Namespaces only the server uses (e-mails): not sent to browsers. */
const SERVER_ONLY_NAMESPACES = ["email"];

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

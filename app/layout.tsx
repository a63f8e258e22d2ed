import type { Metadata, Viewport } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
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

/**
 * Rendered per request (the locale comes from the session, and Next.js puts the request's CSP
 * nonce from proxy.ts on its scripts). Client components get the locale, the time zone and the
 * messages of the frame (the top bar, error and not-found pages) from here; each page adds its own.
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body>
        <ClientMessages namespaces={["chat", "errors", "search", "shell", "ui"]}>{children}</ClientMessages>
      </body>
    </html>
  );
}

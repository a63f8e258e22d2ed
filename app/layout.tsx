import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import "./globals.css";
import "@/components/interviews/interviews.css";
import "@/components/forms/definitions.css";
import { Providers } from "@/components/providers";

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
 * nonce from proxy.ts on its scripts). Client components get the locale, messages and time
 * zone from NextIntlClientProvider.
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider>
          <Providers>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

"use client";

import { NextIntlClientProvider } from "next-intl";
import { ErrorPage } from "@/components/errors/error-page";
import en from "@/messages/en/errors.json";
import es from "@/messages/es/errors.json";
import "./globals.css";

/**
 * The root layout itself failed (the locale, the messages and the session are out of reach):
 * the error page in the browser's language, with messages of its own.
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const locale = typeof navigator !== "undefined" && navigator.language.toLowerCase().startsWith("es") ? "es" : "en";
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider locale={locale} messages={{ errors: locale === "es" ? es : en }} timeZone="UTC">
          <ErrorPage error={error} reset={reset} withHeader />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

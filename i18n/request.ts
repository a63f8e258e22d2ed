import { getRequestConfig } from "next-intl/server";
import { compiledMessages } from "@/lib/i18n/compiled-messages";
import { requestLocale } from "@/lib/i18n/request-locale";
import { displayTimeZone } from "@/lib/i18n/time-zone";

// next-intl's per-request configuration (no locale in the URL: the person's language decides).
export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: compiledMessages(locale), timeZone: displayTimeZone() };
});

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CalendarSettingsPage } from "@/components/calendar/calendar-settings";
import { QueryProvider } from "@/components/api/query-provider";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("calendar"))("settings.title") };
}

export default function Page() {
  return (
    <ClientMessages namespaces={["calendar", "ui"]}>
      <QueryProvider>
        <CalendarSettingsPage />
      </QueryProvider>
    </ClientMessages>
  );
}

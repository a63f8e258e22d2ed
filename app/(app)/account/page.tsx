import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { QueryProvider } from "@/components/api/query-provider";
import { CalendarFeedCard } from "@/components/calendar/calendar-feed-card";
import { NotificationPreferencesCard } from "@/components/notifications/notification-preferences-card";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("notifications"))("account.metaTitle") };
}

/** The signed-in person's own settings, whatever their role: each feature adds its card here. */
export default async function AccountPage() {
  const t = await getTranslations("notifications");
  return (
    <ClientMessages namespaces={["calendar", "notifications", "ui"]}>
      <QueryProvider>
        <div className="page-head">
          <div>
            <h1>{t("account.title")}</h1>
            <p>{t("account.lead")}</p>
          </div>
        </div>
        <NotificationPreferencesCard />
        <CalendarFeedCard />
      </QueryProvider>
    </ClientMessages>
  );
}

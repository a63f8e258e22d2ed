import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CalendarSettingsPage } from "@/components/calendar/calendar-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("calendar"))("settings.title") };
}

export default function Page() {
  return <CalendarSettingsPage />;
}

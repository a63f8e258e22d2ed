import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RetentionSettingsPage } from "@/components/retention/retention-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("retention"))("title") };
}

export default function Page() {
  return <RetentionSettingsPage />;
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SsoSettingsPage } from "@/components/sso/sso-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("sso"))("title") };
}

export default function Page() {
  return <SsoSettingsPage />;
}

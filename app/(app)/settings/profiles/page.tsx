import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProfilesSettings } from "@/components/profiles/profiles-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("profiles"))("title") };
}

export default function Page() {
  return <ProfilesSettings />;
}

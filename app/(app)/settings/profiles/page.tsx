import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProfilesSettings } from "@/components/profiles/profiles-settings";
import { QueryProvider } from "@/components/api/query-provider";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("profiles"))("title") };
}

export default function Page() {
  return (
    <ClientMessages namespaces={["profiles", "settings", "ui"]}>
      <QueryProvider>
        <ProfilesSettings />
      </QueryProvider>
    </ClientMessages>
  );
}

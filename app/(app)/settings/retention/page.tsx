import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RetentionSettingsPage } from "@/components/retention/retention-settings";
import { QueryProvider } from "@/components/api/query-provider";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("retention"))("title") };
}

export default function Page() {
  return (
    <ClientMessages namespaces={["retention", "ui"]}>
      <QueryProvider>
        <RetentionSettingsPage />
      </QueryProvider>
    </ClientMessages>
  );
}

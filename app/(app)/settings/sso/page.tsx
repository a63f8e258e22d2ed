import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SsoSettingsPage } from "@/components/sso/sso-settings";
import { QueryProvider } from "@/components/api/query-provider";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("sso"))("title") };
}

export default function Page() {
  return (
    <ClientMessages namespaces={["sso", "ui"]}>
      <QueryProvider>
        <SsoSettingsPage />
      </QueryProvider>
    </ClientMessages>
  );
}

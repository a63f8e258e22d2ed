import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FormsSettings } from "@/components/forms/forms-settings";
import { QueryProvider } from "@/components/api/query-provider";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("forms"))("title") };
}

export default function Page() {
  return (
    <ClientMessages namespaces={["forms", "settings", "ui"]}>
      <QueryProvider>
        <FormsSettings />
      </QueryProvider>
    </ClientMessages>
  );
}

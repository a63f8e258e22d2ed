import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuditSettings } from "@/components/audit/audit-settings";
import { QueryProvider } from "@/components/api/query-provider";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audit"))("title") };
}

export default function Page() {
  return (
    <ClientMessages namespaces={["audit", "ui"]}>
      <QueryProvider>
        <AuditSettings />
      </QueryProvider>
    </ClientMessages>
  );
}

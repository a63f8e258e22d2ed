import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { JobsSettings } from "@/components/jobs/jobs-settings";
import { QueryProvider } from "@/components/api/query-provider";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("jobs"))("title") };
}

export default function Page() {
  return (
    <ClientMessages namespaces={["jobs", "ui"]}>
      <QueryProvider>
        <JobsSettings />
      </QueryProvider>
    </ClientMessages>
  );
}

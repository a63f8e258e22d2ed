import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TagsSettings } from "@/components/tags/tags-settings";
import { QueryProvider } from "@/components/api/query-provider";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("tags"))("title") };
}

export default function Page() {
  return (
    <ClientMessages namespaces={["settings", "tags", "ui"]}>
      <QueryProvider>
        <TagsSettings />
      </QueryProvider>
    </ClientMessages>
  );
}

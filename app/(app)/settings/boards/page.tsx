import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BoardsSettings } from "@/components/boards/boards-settings";
import { QueryProvider } from "@/components/api/query-provider";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("boards"))("title") };
}

export default function Page() {
  return (
    <ClientMessages namespaces={["boards", "settings", "ui"]}>
      <QueryProvider>
        <BoardsSettings />
      </QueryProvider>
    </ClientMessages>
  );
}

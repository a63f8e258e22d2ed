import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { WebhooksSettings } from "@/components/webhooks/webhooks-settings";
import { ENDPOINT_PARAM } from "@/lib/webhooks/event-types.shared";
import { QueryProvider } from "@/components/api/query-provider";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("webhooks"))("title") };
}

/** `?endpoint=<id>` (the "endpoint disabled" e-mail's link) opens that endpoint. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const linked = (await searchParams)[ENDPOINT_PARAM];
  return (
    <ClientMessages namespaces={["ui", "webhooks"]}>
      <QueryProvider>
        <WebhooksSettings linked={typeof linked === "string" ? linked : undefined} />
      </QueryProvider>
    </ClientMessages>
  );
}

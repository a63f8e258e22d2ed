import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { WebhooksSettings } from "@/components/webhooks/webhooks-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("webhooks"))("title") };
}

export default function Page() {
  return <WebhooksSettings />;
}

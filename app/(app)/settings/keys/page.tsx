import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiKeysSettings } from "@/components/keys/api-keys-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("keys"))("title") };
}

export default function Page() {
  return <ApiKeysSettings />;
}

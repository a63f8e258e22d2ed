import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadForPage } from "@/app/(app)/_prefetch/prefetch-queries";
import { apiQueries } from "@/components/api/api-queries";
import type { ApiKey } from "@/components/keys/api-key";
import { ApiKeysSettings } from "@/components/keys/api-keys-settings";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("keys"))("title") };
}

/** Rendered on the server from GET /api/keys as the administrator's browser would get it; only its buttons and dialogs hydrate. */
export default async function Page() {
  const keys = await loadForPage<ApiKey[]>(apiQueries.apiKeys());
  return (
    <ClientMessages namespaces={["keys", "ui"]}>
      <ApiKeysSettings keys={keys} />
    </ClientMessages>
  );
}

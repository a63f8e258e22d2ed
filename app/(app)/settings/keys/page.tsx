import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Prefetched } from "@/app/(app)/_prefetch/prefetched";
import { apiQueries } from "@/components/api/api-queries";
import { ApiKeysSettings } from "@/components/keys/api-keys-settings";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("keys"))("title") };
}

export default function Page() {
  return (
    <ClientMessages namespaces={["keys", "ui"]}>
      <Prefetched queries={[apiQueries.apiKeys()]}>
        <ApiKeysSettings />
      </Prefetched>
    </ClientMessages>
  );
}

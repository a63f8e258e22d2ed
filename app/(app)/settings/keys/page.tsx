import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Prefetched } from "@/app/(app)/_prefetch/prefetched";
import { apiQueries } from "@/components/api/api-queries";
import { ApiKeysSettings } from "@/components/keys/api-keys-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("keys"))("title") };
}

export default function Page() {
  return (
    <Prefetched queries={[apiQueries.apiKeys()]}>
      <ApiKeysSettings />
    </Prefetched>
  );
}

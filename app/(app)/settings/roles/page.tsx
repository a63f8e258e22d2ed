import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadForPage } from "@/app/(app)/_prefetch/prefetch-queries";
import { apiQueries } from "@/components/api/api-queries";
import type { Role } from "@/components/roles/role";
import { RolesSettings } from "@/components/roles/roles-settings";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("roles"))("title") };
}

/** Rendered on the server from GET /api/roles as the administrator's browser would get it; only its buttons and dialogs hydrate. */
export default async function Page() {
  const roles = await loadForPage<Role[]>(apiQueries.roles());
  return (
    <ClientMessages namespaces={["roles", "settings", "ui"]}>
      <RolesSettings roles={roles} />
    </ClientMessages>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RolesSettings } from "@/components/roles/roles-settings";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("roles"))("title") };
}

export default function Page() {
  return (
    <ClientMessages namespaces={["roles", "settings", "ui"]}>
      <RolesSettings />
    </ClientMessages>
  );
}

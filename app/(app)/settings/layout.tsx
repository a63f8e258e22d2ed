import { QueryProvider } from "@/components/api/query-provider";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SettingsShell } from "@/components/settings/settings-shell";

export default function SettingsLayout({ children }: { children: React.ReactNode }) {
  return (
    <ClientMessages namespaces={["settings", "ui"]}>
      <QueryProvider>
        <SettingsShell>{children}</SettingsShell>
      </QueryProvider>
    </ClientMessages>
  );
}

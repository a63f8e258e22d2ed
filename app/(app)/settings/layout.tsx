import { SettingsShell } from "@/components/settings/settings-shell";
import { env } from "@/lib/env";
import { checkBackup } from "@/lib/health/check-backup";
import { pageMe } from "@/lib/pages/page-me";

/**
 * The settings' frame, rendered on the server. It brings no data layer: each page that reads the
 * API in the browser has its own (QueryProvider), and a page rendered on the server goes without.
 * An administrator is told when backups fail or are late, read as GET /api/health reads them.
 */
export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  const me = await pageMe();
  if (!me) return null; // the app's layout sends the visitor to the sign-in page
  const backup = me.kinds.includes("admin") && env().BACKUP_DIR ? await checkBackup() : null;
  return (
    <SettingsShell me={me} backup={backup}>
      {children}
    </SettingsShell>
  );
}

import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { BackupHealth } from "@/lib/health/service-health-schema";
import { hasPermission, type Me } from "@/components/me/me";
import { EmptyState } from "@/components/ui/empty-state";
import { BackupNotice } from "./backup-notice";
import { SettingsSubnav } from "./settings-subnav";
import { SETTINGS_LINKS } from "./settings-links";

/**
 * Settings frame, rendered on the server: the sub-navigation from SETTINGS_LINKS beside the page
 * (above it, wrapped, on phones), or why the person cannot use settings. Only the links' current
 * page is marked in the browser (settings-subnav.tsx). `backup`: what an administrator is told of
 * the backups (null for anyone else).
 */
export async function SettingsShell({ me, backup, children }: { me: Me; backup: BackupHealth | null; children: React.ReactNode }) {
  const t = await getTranslations("settings");
  if (!hasPermission(me, "settings")) {
    return (
      <div className="card">
        <EmptyState
          heading
          title={t("refused.title")}
          action={
            <Link href="/" className="btn">
              {t("refused.home")}
            </Link>
          }
        >
          {t("refused.text")}
        </EmptyState>
      </div>
    );
  }
  const links = SETTINGS_LINKS.filter((l) => hasPermission(me, l.permission ?? "settings") && (!l.kind || me.kinds.includes(l.kind))).map((l) => ({
    href: l.href,
    label: t(`links.${l.key}.label`),
    description: t(`links.${l.key}.description`),
  }));
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t("title")}</h1>
          <p>{t("lead")}</p>
        </div>
      </div>
      <div className="settings">
        <SettingsSubnav label={t("title")} links={links} />
        <div>
          <BackupNotice backup={backup} />
          {children}
        </div>
      </div>
    </>
  );
}

"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { hasPermission } from "@/components/me/me";
import { useMe } from "@/components/me/use-me";
import { EmptyState } from "@/components/ui/states";
import { BackupNotice } from "./backup-notice";
import { SETTINGS_LINKS } from "./settings-links";

/** Settings frame: the sub-navigation from SETTINGS_LINKS beside the page (above it, wrapped, on phones). */
export function SettingsShell({ children }: { children: React.ReactNode }) {
  const t = useTranslations("settings");
  const me = useMe();
  // Typed nullable because the sign-in pages use the pages router; the app router always has it.
  const pathname = usePathname() ?? "/";
  if (!me.data) return null;
  if (!hasPermission(me.data, "settings")) {
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
  const links = SETTINGS_LINKS.filter((l) => hasPermission(me.data, l.permission ?? "settings") && (!l.kind || me.data.kinds.includes(l.kind)));
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t("title")}</h1>
          <p>{t("lead")}</p>
        </div>
      </div>
      <div className="settings">
        <nav className="subnav" aria-label={t("title")}>
          <ul>
            {links.map((l) => {
              const active = pathname === l.href || pathname.startsWith(`${l.href}/`);
              return (
                <li key={l.href}>
                  <Link href={l.href} aria-current={active ? "page" : undefined} title={t(`links.${l.key}.description`)}>
                    {t(`links.${l.key}.label`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div>
          {me.data.kinds.includes("admin") && <BackupNotice />}
          {children}
        </div>
      </div>
    </>
  );
}

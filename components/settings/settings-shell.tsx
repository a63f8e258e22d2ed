"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { hasPermission, useMe } from "@/components/me/use-me";
import { EmptyState } from "@/components/ui/states";
import { SETTINGS_LINKS } from "./settings-links";

/** Settings frame: the sub-navigation from SETTINGS_LINKS beside the page. */
export function SettingsShell({ children }: { children: React.ReactNode }) {
  const me = useMe();
  const pathname = usePathname();
  if (!me.data) return null; // the app shell shows loading and errors
  if (!hasPermission(me.data, "settings")) {
    return (
      <div className="card">
        <EmptyState title="Settings are for administrators" action={<Link href="/people" className="btn">Go to people</Link>}>
          You need the Manage settings permission to change roles, tags and API keys. Ask your district office if you need it.
        </EmptyState>
      </div>
    );
  }
  const links = SETTINGS_LINKS.filter((l) => hasPermission(me.data, l.permission ?? "settings"));
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Settings</h1>
          <p>How your district is set up.</p>
        </div>
      </div>
      <div className="settings">
        <nav className="subnav" aria-label="Settings">
          <ul>
            {links.map((l) => (
              <li key={l.href}>
                <Link href={l.href} aria-current={pathname === l.href || pathname.startsWith(`${l.href}/`) ? "page" : undefined} title={l.description}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>{children}</div>
      </div>
    </>
  );
}

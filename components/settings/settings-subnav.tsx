"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/**
 * The settings links, named by the server (settings-shell.tsx), with the current page marked. Not
 * prefetched: each settings page is rendered per request, so a prefetch brings little beyond the
 * frame, and twelve of them (two requests each) cost a phone's main thread about as much as the
 * page's own hydration.
 */
export function SettingsSubnav({ label, links }: { label: string; links: { href: string; label: string; description: string }[] }) {
  // Typed nullable because the sign-in pages use the pages router; the app router always has it.
  const pathname = usePathname() ?? "/";
  return (
    <nav className="subnav" aria-label={label}>
      <ul>
        {links.map((l) => {
          const active = pathname === l.href || pathname.startsWith(`${l.href}/`);
          return (
            <li key={l.href}>
              <Link href={l.href} prefetch={false} aria-current={active ? "page" : undefined} title={l.description}>
                {l.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { useIdle } from "@/components/ui/use-idle";

// The unread count (and the realtime connection it starts) arrives once the page is idle: no
// page needs it to show, so its code is not part of any page's first load.
const UnreadBadge = dynamic(() => import("@/components/messages/unread-badge").then((m) => m.UnreadBadge), { ssr: false });

/** The navigation links (the current page marked), folded behind a menu button on phones. */
export function MainNav({ links, children }: { links: { href: string; label: string; section?: string }[]; children: React.ReactNode }) {
  const t = useTranslations("shell");
  // Typed nullable because the sign-in pages use the pages router; the app router always has it.
  const pathname = usePathname() ?? "/";
  const [open, setOpen] = useState(false);
  const idle = useIdle();
  const isActive = ({ href, section = href }: { href: string; section?: string }) =>
    section === "/" ? pathname === "/" : pathname === section || pathname.startsWith(`${section}/`);

  const hasMessages = links.some((l) => l.href === "/messages");

  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <button type="button" className="icon-btn menu-toggle" aria-expanded={open} aria-controls="main-nav" onClick={() => setOpen((o) => !o)}>
        <span aria-hidden="true">☰</span>
        <span className="sr-only">{t("menu")}</span>
        {idle && hasMessages && <UnreadBadge onMenuButton />}
      </button>
      <nav id="main-nav" className={`main-nav ${open ? "open" : ""}`} aria-label={t("mainNav")}>
        <ul>
          {links.map((l) => (
            <li key={l.label}>
              <Link href={l.href} className="nav-link" aria-current={isActive(l) ? "page" : undefined}>
                {l.label}
                {l.href === "/messages" && idle && <UnreadBadge />}
              </Link>
            </li>
          ))}
        </ul>
        {children}
      </nav>
    </>
  );
}

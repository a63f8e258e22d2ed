"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { hasPermission, useMe } from "@/components/me/use-me";
import { Avatar } from "@/components/ui/avatar";
import { ErrorState, Spinner } from "@/components/ui/states";
import { NAV_LINKS } from "./nav-links";

/** The authenticated frame: top bar (district, navigation, who is signed in) around every page. */
export function AppShell({ children }: { children: React.ReactNode }) {
  const me = useMe();
  const router = useRouter();
  const pathname = usePathname();
  const queryClient = useQueryClient();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const unauthorized = (me.error as { status?: number } | null)?.status === 401;

  useEffect(() => {
    if (unauthorized) router.replace(`/sign-in?callbackUrl=${encodeURIComponent(pathname)}`);
  }, [unauthorized, router, pathname]);

  useEffect(() => setMenuOpen(false), [pathname]);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await apiFetch("/api/me", { method: "DELETE" });
    } catch {
      // Already signed out or offline: the sign-in page is still the right place.
    }
    queryClient.clear();
    window.location.assign("/sign-in?signedOut=1");
  };

  if (me.isPending || unauthorized) {
    return (
      <div className="page-center">
        <Spinner label="Loading your workspace…" />
      </div>
    );
  }
  if (me.isError) {
    return (
      <div className="page-center">
        <ErrorState error={me.error} onRetry={() => me.refetch()} title="Could not load your account" />
      </div>
    );
  }

  const data = me.data;
  const links = NAV_LINKS.filter((l) => !l.permission || hasPermission(data, l.permission));
  const isActive = (href: string) => pathname === href || pathname.startsWith(`${href}/`);

  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <Link href="/people" className="brand">
            <span className="brand-mark" aria-hidden="true">
              CA
            </span>
            <span className="brand-text">
              <span className="brand-district">{data.district.name}</span>
              <span className="brand-sub">Credentials Administration</span>
            </span>
          </Link>
          <button
            type="button"
            className="icon-btn menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span aria-hidden="true">☰</span>
            <span className="sr-only">Menu</span>
          </button>
          <nav id="main-nav" className={`main-nav ${menuOpen ? "open" : ""}`} aria-label="Main">
            <ul>
              {links.map((l) => (
                <li key={l.href}>
                  <Link href={l.href} className="nav-link" aria-current={isActive(l.href) ? "page" : undefined}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
            <div className="user-box">
              <Link href={`/people/${data.person.id}`} className="user-name" title={data.person.email}>
                <Avatar first={data.person.first} last={data.person.last} size={28} />
                <span>
                  {data.person.first} {data.person.last}
                </span>
              </Link>
              <button type="button" className="btn btn-ghost btn-sm" onClick={signOut} disabled={signingOut}>
                {signingOut ? "Signing out…" : "Sign out"}
              </button>
            </div>
          </nav>
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

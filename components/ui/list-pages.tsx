import Link from "next/link";

/*
 * No "use client": a server component where a server-rendered list uses it.
 */

/**
 * The links under a list rendered a page at a time: back to its first page (when not on it) and
 * to the next one (when there is one). Nothing when the list fits one page.
 */
export function ListPages({
  label,
  first,
  next,
}: {
  label: string;
  first: { href: string; label: string } | null;
  next: { href: string; label: string } | null;
}) {
  if (!first && !next) return null;
  return (
    <nav className="list-pages" aria-label={label}>
      {first ? <Link href={first.href}>{first.label}</Link> : <span />}
      {next && (
        <Link href={next.href} className="btn">
          {next.label}
        </Link>
      )}
    </nav>
  );
}

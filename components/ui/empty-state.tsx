/*
 * No "use client": a server component where a server component uses it (a page rendered on the
 * server), and part of the client's code where a client component does (components/ui/states.tsx).
 */

/**
 * Nothing to show, said plainly, with what to do next. `heading` makes the title the page's
 * own heading, for a page that is nothing but this state (not found, not allowed).
 */
export function EmptyState({
  title,
  children,
  action,
  heading = false,
}: {
  title: string;
  children?: React.ReactNode;
  action?: React.ReactNode;
  heading?: boolean;
}) {
  const Title = heading ? "h1" : "p";
  return (
    <div className="state">
      <Title className="state-title">{title}</Title>
      {children && <div className="state-text">{children}</div>}
      {action}
    </div>
  );
}

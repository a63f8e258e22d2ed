/*
 * No "use client": part of the client's code where a client island (a list's search box) uses it.
 */

type Props = {
  /** The form's class (its grid) and accessible name. */
  className: string;
  label: string;
  /** Enter in a field: show the filters now. */
  onSubmit: () => void;
  /** The toolbar's fields. */
  fields: React.ReactNode;
  /** What the list holds ("12 people"), above it; null when it could not be loaded. */
  summary: string | null;
  /** "Clear filters", while a filter is set. */
  clear: { label: string; onClick: () => void } | null;
  /** The list is being rendered again for new filters: dimmed and marked busy meanwhile. */
  pending: boolean;
  /** The list, as the server rendered it. */
  children: React.ReactNode;
};

/** A server-rendered list's filters (useAddressFilters), its summary with "Clear filters", and the list under them. */
export function FilterToolbar({ className, label, onSubmit, fields, summary, clear, pending, children }: Props) {
  return (
    <>
      <form
        className={className}
        role="search"
        aria-label={label}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {fields}
      </form>
      {summary !== null && (
        <div className="list-meta" aria-live="polite">
          <span>{summary}</span>
          {clear && (
            <button type="button" className="link-btn small" onClick={clear.onClick}>
              {clear.label}
            </button>
          )}
        </div>
      )}
      <div aria-busy={pending} style={{ opacity: pending ? 0.7 : 1 }}>
        {children}
      </div>
    </>
  );
}

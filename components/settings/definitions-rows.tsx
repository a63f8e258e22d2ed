/*
 * No "use client": a server component where a server component renders it (definitions-table.tsx,
 * the keys page), and part of the client's code where a client component does (definitions-card.tsx).
 */

export type DefinitionColumn<T> = { label: string; cell: (item: T) => React.ReactNode };

/**
 * A settings card's table: a row per item, its cells labelled for the stacked layout on phones,
 * ending with the item's buttons (`actions`, under a column named `actionsLabel` for screen readers).
 */
export function DefinitionsRows<T extends { id: string }>({
  items,
  columns,
  actionsLabel,
  actions,
}: {
  items: T[];
  columns: DefinitionColumn<T>[];
  actionsLabel: string;
  actions: (item: T) => React.ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className="table table-stack">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
            <th scope="col">
              <span className="sr-only">{actionsLabel}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              {columns.map((c) => (
                <td key={c.label} data-label={c.label}>
                  {c.cell(item)}
                </td>
              ))}
              <td className="actions">{actions(item)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { ConfirmDeleteDefinition, RowActions } from "./definition-actions";

type Named = { id: string; name: string };

export type DefinitionColumn<T> = { label: string; cell: (item: T) => React.ReactNode };

/**
 * A settings card listing one kind of definition (roles, forms, boards, profiles): its head
 * with a "New …" button, loading / error / empty states, a table whose rows end with Edit and
 * Delete, and the delete confirmation. The page keeps its own dialogs (`children`).
 */
export function DefinitionsCard<T extends Named>({
  noun,
  plural = `${noun}s`,
  title,
  description,
  emptyText,
  query,
  columns,
  onNew,
  onEdit,
  editHref,
  deleteConsequence,
  remove,
  children,
}: {
  noun: string;
  plural?: string;
  title: string;
  description: React.ReactNode;
  emptyText: React.ReactNode;
  query: UseQueryResult<T[]>;
  columns: DefinitionColumn<T>[];
  onNew: () => void;
  onEdit?: (item: T) => void;
  editHref?: (item: T) => string;
  deleteConsequence: string;
  remove: (id: string) => Promise<unknown>;
  children?: React.ReactNode;
}) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const titleId = `${plural}-title`;
  const newButton = (label: string) => (
    <button type="button" className="btn btn-primary" onClick={onNew}>
      {label}
    </button>
  );

  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-head">
        <div>
          <h2 id={titleId}>{title}</h2>
          <p>{description}</p>
        </div>
        {newButton(`New ${noun}`)}
      </div>
      {query.isPending ? (
        <div className="card-body">
          <Skeleton lines={4} />
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} title={`Could not load ${plural}`} />
      ) : query.data.length === 0 ? (
        <EmptyState title={`No ${plural} yet`} action={newButton(`Create a ${noun}`)}>
          {emptyText}
        </EmptyState>
      ) : (
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
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((item) => (
                <tr key={item.id}>
                  {columns.map((c) => (
                    <td key={c.label} data-label={c.label}>
                      {c.cell(item)}
                    </td>
                  ))}
                  <td className="actions">
                    <RowActions
                      name={item.name}
                      onEdit={onEdit && (() => onEdit(item))}
                      editHref={editHref?.(item)}
                      onDelete={() => setDeleting(item)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {children}
      <ConfirmDeleteDefinition item={deleting} noun={noun} consequence={deleteConsequence} onClose={() => setDeleting(null)} remove={remove} />
    </section>
  );
}

"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { EmptyState } from "@/components/ui/states";
import { ConfirmDeleteDefinition, RowActions } from "./definition-actions";
import { DefinitionsRows, type DefinitionColumn } from "./definitions-rows";
import { QueryStates } from "./query-states";

type Named = { id: string; name: string };

/**
 * A settings card listing one kind of definition (roles, forms, boards, profiles): its head
 * with a "New …" button, loading / error / empty states, a table whose rows end with Edit and
 * Delete, and the delete confirmation. The page keeps its own dialogs (`children`). Its words
 * come from the definition's own messages (`namespace`: title, description, new, couldNotLoad,
 * emptyTitle, emptyText, createFirst, and the delete ones).
 */
export function DefinitionsCard<T extends Named>({
  namespace,
  query,
  columns,
  onNew,
  onEdit,
  editHref,
  remove,
  children,
}: {
  namespace: string;
  query: UseQueryResult<T[]>;
  columns: DefinitionColumn<T>[];
  onNew: () => void;
  onEdit?: (item: T) => void;
  editHref?: (item: T) => string;
  remove: (id: string) => Promise<unknown>;
  children?: React.ReactNode;
}) {
  const t = useTranslations(namespace);
  const common = useTranslations("settings");
  const [deleting, setDeleting] = useState<T | null>(null);
  const titleId = `${namespace}-title`;
  const newButton = (label: string) => (
    <button type="button" className="btn btn-primary" onClick={onNew}>
      {label}
    </button>
  );

  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-head">
        <div>
          <h2 id={titleId}>{t("title")}</h2>
          <p>{t("description")}</p>
        </div>
        {newButton(t("new"))}
      </div>
      <QueryStates
        query={query}
        errorTitle={t("couldNotLoad")}
        empty={
          query.data?.length === 0 && (
            <EmptyState title={t("emptyTitle")} action={newButton(t("createFirst"))}>
              {t("emptyText")}
            </EmptyState>
          )
        }
      >
        {(items) => (
          <DefinitionsRows
            items={items}
            columns={columns}
            actionsLabel={common("actions")}
            actions={(item) => (
              <RowActions name={item.name} onEdit={onEdit && (() => onEdit(item))} editHref={editHref?.(item)} onDelete={() => setDeleting(item)} />
            )}
          />
        )}
      </QueryStates>
      {children}
      <ConfirmDeleteDefinition item={deleting} namespace={namespace} onClose={() => setDeleting(null)} remove={remove} />
    </section>
  );
}

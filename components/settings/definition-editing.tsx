"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { createContext, startTransition, use, useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { listChanged } from "@/components/api/list-changes";

type Named = { id: string; name: string };

// Only once someone deletes.
const ConfirmDeleteDefinition = dynamic(() => import("./definition-actions").then((m) => m.ConfirmDeleteDefinition));

type Editing = { edit: (item: Named | null) => void; remove: (item: Named) => void };
const EditingContext = createContext<Editing>({ edit: () => {}, remove: () => {} });

/**
 * The browser's part of a settings table rendered on the server (definitions-table.tsx): its
 * New, Edit and Delete buttons open `dialog` (null: a new one) or the delete confirmation here,
 * and a change renders the page again on the server, which lists it, and marks `cached` stale in
 * the tab's query cache for the pages that read it there. Delete is `<path>/<id>`'s DELETE.
 */
export function DefinitionEditing<T extends Named>({
  namespace,
  path,
  cached,
  dialog,
  children,
}: {
  namespace: string;
  path: string;
  cached: readonly unknown[];
  /** The create / edit dialog; `saved` renders the page again. */
  dialog: (item: T | null, close: () => void, saved: () => void) => React.ReactNode;
  children: React.ReactNode;
}) {
  const router = useRouter();
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const saved = () => {
    listChanged(cached);
    startTransition(() => router.refresh());
  };
  const remove = async (id: string) => {
    await apiFetch(`${path}/${encodeURIComponent(id)}`, { method: "DELETE" });
    saved();
  };
  return (
    <EditingContext value={{ edit: (item) => setEditing((item as T | null) ?? "new"), remove: (item) => setDeleting(item as T) }}>
      {children}
      {editing && dialog(editing === "new" ? null : editing, () => setEditing(null), saved)}
      {deleting && <ConfirmDeleteDefinition item={deleting} namespace={namespace} onClose={() => setDeleting(null)} remove={remove} />}
    </EditingContext>
  );
}

/** The card's "New …" button (and the empty state's "Create the first …"). */
export function NewDefinitionButton({ label }: { label: string }) {
  const { edit } = use(EditingContext);
  return (
    <button type="button" className="btn btn-primary" onClick={() => edit(null)}>
      {label}
    </button>
  );
}

/** The Edit / Delete buttons at the end of a row, labelled with the item's name. */
export function DefinitionRowActions({ item }: { item: Named }) {
  const t = useTranslations("settings");
  const { edit, remove } = use(EditingContext);
  return (
    <span className="row" style={{ justifyContent: "flex-end", gap: 6 }}>
      <button type="button" className="btn btn-sm" onClick={() => edit(item)} aria-label={t("editNamed", { name: item.name })}>
        {t("edit")}
      </button>
      <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => remove(item)} aria-label={t("deleteNamed", { name: item.name })}>
        {t("delete")}
      </button>
    </span>
  );
}

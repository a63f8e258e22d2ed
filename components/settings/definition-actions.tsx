"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";

type Named = { id: string; name: string };

/** The Edit / Delete buttons at the end of a settings table row, labelled with the item's name. */
export function RowActions({ name, onEdit, editHref, onDelete }: { name: string; onEdit?: () => void; editHref?: string; onDelete: () => void }) {
  const t = useTranslations("settings");
  return (
    <span className="row" style={{ justifyContent: "flex-end", gap: 6 }}>
      {editHref ? (
        <Link href={editHref} className="btn btn-sm" aria-label={t("editNamed", { name })}>
          {t("edit")}
        </Link>
      ) : (
        onEdit && (
          <button type="button" className="btn btn-sm" onClick={onEdit} aria-label={t("editNamed", { name })}>
            {t("edit")}
          </button>
        )
      )}
      <button type="button" className="btn btn-sm btn-danger-outline" onClick={onDelete} aria-label={t("deleteNamed", { name })}>
        {t("delete")}
      </button>
    </span>
  );
}

/**
 * "Delete the board “X”?" for a definition (role, tag, form, board, profile): says what
 * happens to what uses it, deletes, and confirms with a toast. A refusal from the server (a
 * role still held, a form in use) stays in the dialog. Its words come from the definition's
 * own messages (`namespace`: deleteTitle, deleteConsequence, deleteAction, deleted).
 */
export function ConfirmDeleteDefinition<T extends Named>({
  item,
  namespace,
  onClose,
  remove,
}: {
  item: T | null;
  namespace: string;
  onClose: () => void;
  remove: (id: string) => Promise<unknown>;
}) {
  const t = useTranslations(namespace);
  const toast = useToast();
  return (
    <ConfirmDialog
      open={item !== null}
      onClose={onClose}
      title={t("deleteTitle", { name: item?.name ?? "" })}
      message={t("deleteConsequence")}
      confirmLabel={t("deleteAction")}
      danger
      onConfirm={async () => {
        if (!item) return;
        await remove(item.id);
        toast.show(t("deleted", { name: item.name }));
      }}
    />
  );
}

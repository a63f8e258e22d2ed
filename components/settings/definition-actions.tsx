"use client";

import Link from "next/link";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";

type Named = { id: string; name: string };

/** The Edit / Delete buttons at the end of a settings table row, labelled with the item's name. */
export function RowActions({ name, onEdit, editHref, onDelete }: { name: string; onEdit?: () => void; editHref?: string; onDelete: () => void }) {
  return (
    <span className="row" style={{ justifyContent: "flex-end", gap: 6 }}>
      {editHref ? (
        <Link href={editHref} className="btn btn-sm" aria-label={`Edit ${name}`}>
          Edit
        </Link>
      ) : (
        onEdit && (
          <button type="button" className="btn btn-sm" onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </button>
        )
      )}
      <button type="button" className="btn btn-sm btn-danger-outline" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </button>
    </span>
  );
}

/**
 * "Delete the board “X”?" for a definition (role, tag, form, board, profile): says what
 * happens to what uses it, deletes, and confirms with a toast. A refusal from the server (a
 * role still held, a form in use) stays in the dialog.
 */
export function ConfirmDeleteDefinition<T extends Named>({
  item,
  noun,
  consequence,
  onClose,
  remove,
}: {
  item: T | null;
  noun: string;
  consequence: string;
  onClose: () => void;
  remove: (id: string) => Promise<unknown>;
}) {
  const toast = useToast();
  return (
    <ConfirmDialog
      open={item !== null}
      onClose={onClose}
      title={`Delete the ${noun} “${item?.name}”?`}
      message={consequence}
      confirmLabel={`Delete ${noun}`}
      danger
      onConfirm={async () => {
        if (!item) return;
        await remove(item.id);
        toast.show(`The ${noun} “${item.name}” was deleted.`);
      }}
    />
  );
}

"use client";

import { useState } from "react";
import { errorMessage } from "@/components/api/api-fetch";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useDeleteTag, useSaveTag, useTags, type Tag } from "./use-tags";
import { ConfirmDeleteDefinition } from "@/components/settings/definition-actions";

/** Tags: create, rename in place, delete (which takes the tag off everyone). */
export function TagsSettings() {
  const tags = useTags();
  const save = useSaveTag();
  const del = useDeleteTag();
  const toast = useToast();
  const [name, setName] = useState("");
  const [createError, setCreateError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string; error?: string } | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setCreateError("Enter a name for the tag.");
    setCreateError(null);
    try {
      await save.mutateAsync({ name: name.trim() });
      toast.show(`Tag “${name.trim()}” added.`);
      setName("");
    } catch (err) {
      setCreateError(errorMessage(err));
    }
  };

  const rename = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!renaming) return;
    if (!renaming.name.trim()) return setRenaming({ ...renaming, error: "Enter a name." });
    try {
      await save.mutateAsync({ id: renaming.id, name: renaming.name.trim() });
      toast.show("Tag renamed.");
      setRenaming(null);
    } catch (err) {
      setRenaming({ ...renaming, error: errorMessage(err) });
    }
  };

  return (
    <section className="card" aria-labelledby="tags-title">
      <div className="card-head">
        <div>
          <h2 id="tags-title">Tags</h2>
          <p>Labels to group and filter people, such as a cohort or a missing document.</p>
        </div>
      </div>
      <div className="card-body" style={{ borderBottom: "1px solid var(--border)" }}>
        <form className="inline-form" onSubmit={create} noValidate>
          <label className="field">
            <span className="sr-only">New tag name</span>
            <input
              className="input"
              placeholder="New tag name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={createError ? true : undefined}
              aria-describedby={createError ? "new-tag-error" : undefined}
            />
            {createError && (
              <span id="new-tag-error" className="field-error">
                {createError}
              </span>
            )}
          </label>
          <button type="submit" className="btn btn-primary" disabled={save.isPending && !renaming}>
            Add tag
          </button>
        </form>
      </div>
      {tags.isPending ? (
        <div className="card-body">
          <Skeleton lines={4} />
        </div>
      ) : tags.isError ? (
        <ErrorState error={tags.error} onRetry={() => tags.refetch()} title="Could not load tags" />
      ) : tags.data.length === 0 ? (
        <EmptyState title="No tags yet">Add a tag above, then pick it on a person&apos;s page.</EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <tbody>
              {tags.data.map((t) => (
                <tr key={t.id}>
                  <td>
                    {renaming?.id === t.id ? (
                      <form className="inline-form" onSubmit={rename} noValidate>
                        <label className="field">
                          <span className="sr-only">New name for {t.name}</span>
                          <input
                            className="input"
                            value={renaming.name}
                            autoFocus
                            onChange={(e) => setRenaming({ ...renaming, name: e.target.value, error: undefined })}
                            onKeyDown={(e) => e.key === "Escape" && setRenaming(null)}
                            aria-invalid={renaming.error ? true : undefined}
                          />
                          {renaming.error && <span className="field-error">{renaming.error}</span>}
                        </label>
                        <button type="submit" className="btn btn-sm btn-primary" disabled={save.isPending}>
                          Save
                        </button>
                        <button type="button" className="btn btn-sm" onClick={() => setRenaming(null)}>
                          Cancel
                        </button>
                      </form>
                    ) : (
                      <span className="chip" style={{ fontSize: "0.875rem" }}>
                        {t.name}
                      </span>
                    )}
                  </td>
                  {renaming?.id !== t.id && (
                    <td className="actions">
                      <span className="row" style={{ justifyContent: "flex-end", gap: 6 }}>
                        <button type="button" className="btn btn-sm" onClick={() => setRenaming({ id: t.id, name: t.name })} aria-label={`Rename ${t.name}`}>
                          Rename
                        </button>
                        <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => setDeleting(t)} aria-label={`Delete ${t.name}`}>
                          Delete
                        </button>
                      </span>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDeleteDefinition
        item={deleting}
        noun="tag"
        consequence="The tag is taken off everyone who has it."
        onClose={() => setDeleting(null)}
        remove={(id) => del.mutateAsync(id)}
      />
    </section>
  );
}

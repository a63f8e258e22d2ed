"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/api/use-error-message";
import { ConfirmDeleteDefinition } from "@/components/settings/definition-actions";
import { QueryStates } from "@/components/settings/query-states";
import { EmptyState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useDeleteTag, useSaveTag, useTags, type Tag } from "./use-tags";

/** Tags: create, rename in place, delete (which takes the tag off everyone). */
export function TagsSettings() {
  const t = useTranslations("tags");
  const ui = useTranslations("ui");
  const settings = useTranslations("settings");
  const errorMessage = useErrorMessage();
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
    if (!name.trim()) return setCreateError(t("nameRequired"));
    setCreateError(null);
    try {
      await save.mutateAsync({ input: { name: name.trim() } });
      toast.show(t("created", { name: name.trim() }));
      setName("");
    } catch (err) {
      setCreateError(errorMessage(err));
    }
  };

  const rename = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!renaming) return;
    if (!renaming.name.trim()) return setRenaming({ ...renaming, error: settings("nameRequired") });
    try {
      await save.mutateAsync({ id: renaming.id, input: { name: renaming.name.trim() } });
      toast.show(t("renamed"));
      setRenaming(null);
    } catch (err) {
      setRenaming({ ...renaming, error: errorMessage(err) });
    }
  };

  return (
    <section className="card" aria-labelledby="tags-title">
      <div className="card-head">
        <div>
          <h2 id="tags-title">{t("title")}</h2>
          <p>{t("description")}</p>
        </div>
      </div>
      <div className="card-body" style={{ borderBottom: "1px solid var(--border)" }}>
        <form className="inline-form" onSubmit={create} noValidate>
          <label className="field">
            <span className="sr-only">{t("newName")}</span>
            <input
              className="input"
              placeholder={t("newName")}
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
            {t("add")}
          </button>
        </form>
      </div>
      <QueryStates
        query={tags}
        errorTitle={t("couldNotLoad")}
        empty={tags.data?.length === 0 && <EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>}
      >
        {(list) => (
          <div className="table-wrap">
            <table className="table">
              <tbody>
                {list.map((tag) => (
                  <tr key={tag.id}>
                    <td>
                      {renaming?.id === tag.id ? (
                        <form className="inline-form" onSubmit={rename} noValidate>
                          <label className="field">
                            <span className="sr-only">{t("renameLabel", { name: tag.name })}</span>
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
                            {t("save")}
                          </button>
                          <button type="button" className="btn btn-sm" onClick={() => setRenaming(null)}>
                            {ui("cancel")}
                          </button>
                        </form>
                      ) : (
                        <span className="chip" style={{ fontSize: "0.875rem" }}>
                          {tag.name}
                        </span>
                      )}
                    </td>
                    {renaming?.id !== tag.id && (
                      <td className="actions">
                        <span className="row" style={{ justifyContent: "flex-end", gap: 6 }}>
                          <button
                            type="button"
                            className="btn btn-sm"
                            onClick={() => setRenaming({ id: tag.id, name: tag.name })}
                            aria-label={t("renameNamed", { name: tag.name })}
                          >
                            {t("rename")}
                          </button>
                          <button
                            type="button"
                            className="btn btn-sm btn-danger-outline"
                            onClick={() => setDeleting(tag)}
                            aria-label={settings("deleteNamed", { name: tag.name })}
                          >
                            {settings("delete")}
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
      </QueryStates>
      <ConfirmDeleteDefinition item={deleting} namespace="tags" onClose={() => setDeleting(null)} remove={(id) => del.mutateAsync(id)} />
    </section>
  );
}

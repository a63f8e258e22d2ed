"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { Dialog } from "@/components/ui/dialog";
import { foldText, searchWords } from "@/components/ui/format";
import { ErrorState, SkeletonRows } from "@/components/ui/states";
import type { Contact, CreatedConversation } from "./chat-types";
import { messageKeys } from "./message-keys";
import { useContacts } from "./use-messages";
import { DialogActions } from "@/components/ui/dialog-actions";

const RELATIONS: Contact["relation"][] = ["your_candidate", "your_mentor", "staff", "person"];

/**
 * "New conversation": pick one or more of the people the reader may write to (one person
 * reopens the conversation with them), write the first message, start.
 */
export function NewConversationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("chat");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const queryClient = useQueryClient();
  const contacts = useContacts(open);
  const [filter, setFilter] = useState("");
  const deferred = useDeferredValue(filter);
  const [chosen, setChosen] = useState<string[]>([]);
  const [body, setBody] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const messageId = useId();

  const byId = useMemo(() => new Map((contacts.data ?? []).map((c) => [c.id, c])), [contacts.data]);
  const groups = useMemo(() => {
    const words = searchWords(deferred);
    const shown = (contacts.data ?? []).filter((c) => words.every((w) => foldText(`${c.first} ${c.last}`).includes(w)));
    return RELATIONS.map((relation) => ({ relation, people: shown.filter((c) => c.relation === relation) })).filter((g) => g.people.length);
  }, [contacts.data, deferred]);

  const close = () => {
    if (busy) return;
    setChosen([]);
    setBody("");
    setFilter("");
    setError(null);
    onClose();
  };

  const toggle = (id: string) => setChosen((current) => (current.includes(id) ? current.filter((c) => c !== id) : [...current, id]));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!chosen.length) return setError(t("pickSomeone"));
    if (!body.trim()) return setError(t("writeSomething"));
    setBusy(true);
    setError(null);
    try {
      const created = await apiFetch<CreatedConversation>("/api/messages", { method: "POST", body: { participants: chosen, body } });
      await queryClient.invalidateQueries({ queryKey: messageKeys.list() });
      setBusy(false);
      close();
      router.push(`/messages/${created.id}`);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} title={t("newTitle")} description={t("newDescription")} size="md">
      <form className="stack" onSubmit={submit}>
        <input
          type="search"
          className="input"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t("searchPeople")}
          aria-label={t("searchPeople")}
          data-autofocus
        />
        {chosen.length > 0 && (
          <ul className="chips" aria-label={t("chosen")}>
            {chosen.map((id) => (
              <li key={id}>
                <button type="button" className="chip chip-remove" onClick={() => toggle(id)}>
                  {byId.get(id)?.first} {byId.get(id)?.last} <span aria-hidden="true">×</span>
                  <span className="sr-only">{t("removeChosen")}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="contact-picker">
          {contacts.isPending ? (
            <SkeletonRows rows={4} />
          ) : contacts.isError ? (
            <ErrorState error={contacts.error} onRetry={() => void contacts.refetch()} />
          ) : !groups.length ? (
            <p className="field-hint">{contacts.data.length ? t("noMatch") : t("noContacts")}</p>
          ) : (
            groups.map((group) => (
              <fieldset key={group.relation} className="contact-group">
                <legend>{t(`relation.${group.relation}`)}</legend>
                {group.people.map((c) => (
                  <label key={c.id} className="contact-option">
                    <input type="checkbox" checked={chosen.includes(c.id)} onChange={() => toggle(c.id)} />
                    <span>
                      {c.first} {c.last}
                    </span>
                  </label>
                ))}
              </fieldset>
            ))
          )}
        </div>
        <label className="field" htmlFor={messageId}>
          <span className="field-label">{t("firstMessage")}</span>
          <textarea id={messageId} className="input" rows={3} maxLength={4000} value={body} onChange={(e) => setBody(e.target.value)} />
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <DialogActions submitLabel={t("start")} onCancel={close} pending={busy} lockCancel />
      </form>
    </Dialog>
  );
}

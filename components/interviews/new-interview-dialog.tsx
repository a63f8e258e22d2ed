"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useDeferredValue, useMemo, useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { useBoards } from "@/components/boards/use-boards";
import { useForms } from "@/components/forms/use-forms";
import type { Person } from "@/components/people/person-types";
import { usePeople } from "@/components/people/use-people";
import { useProfiles } from "@/components/profiles/use-profiles";
import { useRoles } from "@/components/roles/use-roles";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { foldText, fullName, searchWords } from "@/components/ui/format";
import { useToast } from "@/components/ui/toast";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { today } from "./interview-format";
import { useCreateInterview } from "./use-interviews";
import { DialogActions } from "@/components/ui/dialog-actions";

/** How many people one group of the picker lists at most (type to narrow down). */
const MAX_OPTIONS = 300;

type Errors = Partial<Record<"person" | "date" | "board_id" | "form_id" | "profile_id" | "_", string>>;

/**
 * Creates an interview: the candidate (people holding a candidate role first, searchable),
 * the date (today by default), a profile (which brings its default form), a form and a board.
 * Goes to the new interview's page.
 */
export function NewInterviewDialog({ onClose, personId }: { onClose: () => void; personId?: string | null }) {
  const t = useTranslations("interviews.newDialog");
  return (
    <Dialog open onClose={onClose} title={t("title")} description={t("description")}>
      <NewInterviewForm onClose={onClose} initialPersonId={personId ?? ""} />
    </Dialog>
  );
}

function NewInterviewForm({ onClose, initialPersonId }: { onClose: () => void; initialPersonId: string }) {
  const t = useTranslations("interviews.newDialog");
  const errorMessage = useErrorMessage();
  const format = useDisplayFormat();
  const router = useRouter();
  const toast = useToast();
  const people = usePeople();
  const roles = useRoles();
  const boards = useBoards();
  const profiles = useProfiles();
  const forms = useForms();
  const create = useCreateInterview();
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search);
  const [personId, setPersonId] = useState(initialPersonId);
  const [date, setDate] = useState(today);
  const [profileId, setProfileId] = useState("");
  const [formId, setFormId] = useState("");
  // null until the user picks one ("" is "No board").
  const [boardId, setBoardId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  // With a single board, it is the one (unless the user picked "No board").
  const board = boardId ?? (boards.data?.length === 1 ? boards.data[0].id : "");

  const candidateRoles = useMemo(() => new Set((roles.data ?? []).filter((r) => r.kind === "candidate").map((r) => r.id)), [roles.data]);

  const sorted = useMemo(() => {
    const isCandidate = (p: Person) => Object.keys(p.roles).some((r) => candidateRoles.has(r));
    const all = (people.data ?? [])
      .filter((p) => !p.archived || p.id === initialPersonId)
      .map((p) => ({ p, name: fullName(p), text: foldText(`${p.first} ${p.last} ${p.email}`), candidate: isCandidate(p) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const seen = new Map<string, number>();
    all.forEach((x) => seen.set(x.name, (seen.get(x.name) ?? 0) + 1));
    return all.map((x) => ({ ...x, label: (seen.get(x.name) ?? 0) > 1 ? `${x.name} (${x.p.email})` : x.name }));
  }, [people.data, candidateRoles, initialPersonId]);

  const matches = useMemo(() => {
    const words = searchWords(deferredSearch);
    return words.length ? sorted.filter((x) => words.every((w) => x.text.includes(w))) : sorted;
  }, [sorted, deferredSearch]);

  const selected = sorted.find((x) => x.p.id === personId);
  const candidates = matches.filter((x) => x.candidate);
  const others = matches.filter((x) => !x.candidate);
  const shown = (list: typeof matches) => {
    const head = list.slice(0, MAX_OPTIONS);
    return selected && list.includes(selected) && !head.includes(selected) ? [selected, ...head] : head;
  };
  const hidden = Math.max(0, candidates.length - MAX_OPTIONS) + Math.max(0, others.length - MAX_OPTIONS);
  const selectedOutside = selected && !matches.includes(selected);

  const onSearch = (text: string) => {
    setSearch(text);
    // Typing a name picks the first match, so Enter creates the interview for them.
    const words = searchWords(text);
    if (!words.length) return;
    const found = sorted.filter((x) => words.every((w) => x.text.includes(w)));
    const best = found.find((x) => x.candidate) ?? found[0];
    if (best && !found.some((x) => x.p.id === personId)) setPersonId(best.p.id);
  };

  const onProfile = (id: string) => {
    setProfileId(id);
    const profile = profiles.data?.find((p) => p.id === id);
    if (profile?.form_id) setFormId(profile.form_id);
  };

  const profileForm = profiles.data?.find((p) => p.id === profileId)?.form_id ?? null;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: Errors = {};
    if (!personId) local.person = t("personRequired");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) local.date = t("dateRequired");
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const interview = await create.mutateAsync({
        personId,
        input: { date, board_id: board || undefined, form_id: formId || undefined, profile_id: profileId || undefined },
      });
      toast.show(t("created", { name: selected?.name ?? t("theCandidate") }));
      onClose();
      router.push(`/interviews/${encodeURIComponent(interview.person_id)}/${encodeURIComponent(interview.id)}`);
    } catch (err) {
      if (isApiError(err) && err.status === 404) setErrors({ person: t("personGone") });
      else if (isApiError(err) && err.details.length) setErrors({ ...err.fieldErrors(), _: err.message });
      else setErrors({ _: errorMessage(err) });
    }
  };

  const loading = people.isPending || roles.isPending;
  const loadError = people.error ?? roles.error ?? boards.error ?? profiles.error ?? forms.error;

  return (
    <form onSubmit={submit} className="stack" noValidate aria-label={t("title")}>
      {errors._ && (
        <p className="form-error" role="alert">
          {errors._}
        </p>
      )}
      {loadError && (
        <p className="form-error" role="alert">
          {errorMessage(loadError)}
        </p>
      )}
      <fieldset className="iv-person-picker">
        <legend>{t("candidate")}</legend>
        <div className="stack-sm">
          <label className="field">
            <span className="sr-only">{t("findPerson")}</span>
            <input
              className="input"
              type="search"
              placeholder={loading ? t("loadingPeople") : t("findPlaceholder")}
              value={search}
              onChange={(e) => onSearch(e.target.value)}
              autoComplete="off"
              data-autofocus={initialPersonId ? undefined : true}
            />
          </label>
          <Field label={<span className="sr-only">{t("person")}</span>} error={errors.person} hint={hidden ? t("morePeople", { count: hidden }) : undefined}>
            {(p) => (
              <select
                {...p}
                aria-label={t("candidate")}
                className="select"
                value={personId}
                onChange={(e) => setPersonId(e.target.value)}
                disabled={loading}
                data-autofocus={initialPersonId ? true : undefined}
              >
                <option value="">{matches.length ? t("choosePerson") : t("noMatch")}</option>
                {selectedOutside && selected && <option value={selected.p.id}>{selected.label}</option>}
                {candidates.length > 0 && (
                  <optgroup label={t("candidates")}>
                    {shown(candidates).map((x) => (
                      <option key={x.p.id} value={x.p.id}>
                        {x.label}
                      </option>
                    ))}
                  </optgroup>
                )}
                {others.length > 0 && (
                  <optgroup label={candidates.length ? t("otherPeople") : t("people")}>
                    {shown(others).map((x) => (
                      <option key={x.p.id} value={x.p.id}>
                        {x.label}
                      </option>
                    ))}
                  </optgroup>
                )}
              </select>
            )}
          </Field>
        </div>
      </fieldset>
      <div className="grid-2">
        <Field label={t("date")} error={errors.date} hint={date ? format.day(date, "full") : undefined}>
          {(p) => <input {...p} className="input input-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} required />}
        </Field>
        <Field label={t("board")} error={errors.board_id}>
          {(p) => (
            <select {...p} className="select" value={board} onChange={(e) => setBoardId(e.target.value)}>
              <option value="">{t("noBoard")}</option>
              {boards.data?.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="grid-2">
        <Field label={t("profile")} error={errors.profile_id} hint={t("profileHint")}>
          {(p) => (
            <select {...p} className="select" value={profileId} onChange={(e) => onProfile(e.target.value)}>
              <option value="">{t("noProfile")}</option>
              {profiles.data?.map((pr) => (
                <option key={pr.id} value={pr.id}>
                  {pr.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("form")} error={errors.form_id} hint={formId && formId === profileForm ? t("profileForm") : !formId ? t("noFormHint") : undefined}>
          {(p) => (
            <select {...p} className="select" value={formId} onChange={(e) => setFormId(e.target.value)}>
              <option value="">{t("noForm")}</option>
              {forms.data?.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <DialogActions submitLabel={t("create")} onCancel={onClose} pending={create.isPending} />
    </form>
  );
}

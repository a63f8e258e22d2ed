"use client";

import { useTranslations } from "next-intl";
import { useDeferredValue, useId, useMemo, useState } from "react";
import type { Person } from "@/components/people/person-types";
import { usePeople } from "@/components/people/use-people";
import { useRoles } from "@/components/roles/use-roles";
import { foldText, fullName, searchWords } from "@/components/ui/format";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { useBoards, useDeleteBoard, useSaveBoard, type Board } from "./use-boards";
import { DefinitionDialog } from "@/components/settings/definition-dialog";
import { DefinitionsCard } from "@/components/settings/definitions-card";

const MAX_CHIPS = 8;
const MAX_LISTED = 60;

/** Ids of people holding a board-kind role. */
function useBoardPeople() {
  const roles = useRoles();
  return useMemo(() => {
    const boardRoles = new Set((roles.data ?? []).filter((r) => r.kind === "board").map((r) => r.id));
    return (p: Person) => Object.keys(p.roles).some((id) => boardRoles.has(id));
  }, [roles.data]);
}

/** /settings/boards: interview boards and who sits on them. */
export function BoardsSettings() {
  const t = useTranslations("boards");
  const boards = useBoards();
  const people = usePeople();
  const del = useDeleteBoard();
  const [editing, setEditing] = useState<Board | "new" | null>(null);
  const byId = useMemo(() => new Map((people.data ?? []).map((p) => [p.id, p])), [people.data]);

  const members = (b: Board) =>
    b.members.length === 0 ? (
      <span className="muted">{t("noMembers")}</span>
    ) : people.isPending ? (
      <span className="muted">{t("memberCount", { count: b.members.length })}</span>
    ) : (
      <span className="chips">
        {b.members.slice(0, MAX_CHIPS).map((id) => {
          const p = byId.get(id);
          return (
            <span key={id} className="chip">
              {p ? (p.archived ? t("archivedPerson", { name: fullName(p) }) : fullName(p)) : t("unknownPerson")}
            </span>
          );
        })}
        {b.members.length > MAX_CHIPS && <span className="chip">{t("more", { count: b.members.length - MAX_CHIPS })}</span>}
      </span>
    );

  return (
    <DefinitionsCard
      namespace="boards"
      query={boards}
      columns={[
        { label: t("columns.name"), cell: (b) => <strong>{b.name}</strong> },
        { label: t("columns.members"), cell: members },
      ]}
      onNew={() => setEditing("new")}
      onEdit={setEditing}
      remove={(id) => del.mutateAsync(id)}
    >
      {editing && <BoardDialog board={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </DefinitionsCard>
  );
}

function BoardDialog({ board, onClose }: { board: Board | null; onClose: () => void }) {
  const save = useSaveBoard();
  const [name, setName] = useState(board?.name ?? "");
  const [members, setMembers] = useState<string[]>(board?.members ?? []);

  return (
    <DefinitionDialog
      namespace="boards"
      editing={board}
      name={name}
      onName={setName}
      save={(trimmed) => save.mutateAsync({ id: board?.id, input: { name: trimmed, members } })}
      saving={save.isPending}
      onClose={onClose}
    >
      {(errors) => <MemberPicker value={members} onChange={setMembers} error={errors.members} />}
    </DefinitionDialog>
  );
}

/**
 * Chosen people as removable chips, then a searchable list of active people to tick, board
 * members first. Archived members stay listed (so they can be removed).
 */
function MemberPicker({ value, onChange, error }: { value: string[]; onChange: (ids: string[]) => void; error?: string }) {
  const t = useTranslations("boards");
  const people = usePeople();
  const isBoard = useBoardPeople();
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search);
  const id = useId();
  const chosen = useMemo(() => new Set(value), [value]);
  const byId = useMemo(() => new Map((people.data ?? []).map((p) => [p.id, p])), [people.data]);

  // Archived people are listed when they were members as the dialog opened, and stay listed
  // while it is open: unticking one must not pull the row from under the pointer.
  const [listedArchived] = useState(() => new Set(value));
  const choices = useMemo(() => {
    const list = (people.data ?? [])
      .filter((p) => !p.archived || listedArchived.has(p.id))
      .map((p) => ({ p, board: isBoard(p), text: foldText(`${p.first} ${p.last} ${p.email}`) }));
    list.sort((a, b) => Number(b.board) - Number(a.board) || a.p.last.localeCompare(b.p.last) || a.p.first.localeCompare(b.p.first));
    return list;
  }, [people.data, isBoard, listedArchived]);

  const words = searchWords(deferred);
  const matches = choices.filter((c) => words.every((w) => c.text.includes(w)));
  const shown = matches.slice(0, MAX_LISTED);

  const toggle = (personId: string, on: boolean) => onChange(on ? [...value, personId] : value.filter((x) => x !== personId));

  return (
    <fieldset className="bd-picker" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t("columns.members")}</legend>
      <div className="bd-chosen" aria-live="polite">
        {value.length === 0 ? (
          <span className="muted small">{t("nobodyChosen")}</span>
        ) : (
          value.map((pid) => {
            const p = byId.get(pid);
            const label = p ? fullName(p) : people.isPending ? "…" : t("unknownPerson");
            return (
              <span key={pid} className="bd-chip">
                {label}
                <button type="button" className="bd-chip-remove" onClick={() => toggle(pid, false)} aria-label={t("removeMember", { name: label })}>
                  <span aria-hidden="true">×</span>
                </button>
              </span>
            );
          })
        )}
      </div>
      {people.isPending ? (
        <Skeleton lines={4} />
      ) : people.isError ? (
        <ErrorState error={people.error} onRetry={() => people.refetch()} title={t("couldNotLoadPeople")} />
      ) : (
        <>
          <label className="sr-only" htmlFor={`${id}-search`}>
            {t("findPeople")}
          </label>
          <input
            id={`${id}-search`}
            className="input"
            type="search"
            placeholder={t("findPlaceholder")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
            autoComplete="off"
          />
          {shown.length === 0 ? (
            <p className="muted small bd-none">{choices.length === 0 ? t("nobodyToChoose") : t("nobodyMatches")}</p>
          ) : (
            <ul className="bd-list" aria-label={t("peopleList")}>
              {shown.map(({ p, board }) => (
                <li key={p.id}>
                  <label className="bd-person">
                    <input type="checkbox" checked={chosen.has(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
                    <span className="bd-person-text">
                      <span className="bd-person-name">{fullName(p)}</span>
                      <span className="bd-person-email">{p.email}</span>
                    </span>
                    {board && <span className="badge badge-primary">{t("boardBadge")}</span>}
                    {p.archived ? <span className="badge badge-warning">{t("archivedBadge")}</span> : null}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <p className="field-hint">{matches.length > shown.length ? t("showingSome", { shown: shown.length, total: matches.length }) : t("boardFirst")}</p>
        </>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

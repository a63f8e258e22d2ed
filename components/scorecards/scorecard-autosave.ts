"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { AutosaveStore, type SaveKey } from "@/components/interviews/use-autosave";
import { scorecardKeys } from "./scorecard-keys";
import type { Scorecard } from "./scorecard-types";
import { scorecardsPath } from "./use-scorecards";

const FIELD = "responses.";

/**
 * The interview's autosave (one request per change, newest value wins, failures kept and
 * retried), for the member's own scorecard draft: each change is a PUT …/scorecards/me carrying
 * only that answer, the recommendation or the note.
 */
export class ScorecardAutosaveStore extends AutosaveStore {
  constructor(
    qc: QueryClient,
    personId: string,
    id: string,
    private memberId: string,
  ) {
    super(qc, personId, id);
  }

  private own(): Scorecard | undefined {
    return this.qc.getQueryData<Scorecard[]>(scorecardKeys.list(this.personId, this.id))?.find((c) => c.member_id === this.memberId);
  }

  override serverValue(key: SaveKey): unknown {
    const card = this.own();
    if (key.startsWith(FIELD)) return card?.responses[key.slice(FIELD.length)];
    return key === "recommendation" || key === "note" ? card?.[key] : undefined;
  }

  protected override send(key: SaveKey, value: unknown) {
    const body = key === "recommendation" || key === "note" ? { [key]: value } : { responses: { [key.slice(FIELD.length)]: value } };
    return apiFetch<Scorecard>(`${scorecardsPath(this.personId, this.id)}/me`, { method: "PUT", body });
  }

  /** Takes only the saved part from the answer: a slower answer never overwrites a newer value of another part. */
  protected override merge(key: SaveKey, answer: unknown) {
    const saved = answer as Scorecard;
    const queryKey = scorecardKeys.list(this.personId, this.id);
    // A read sent before this save committed (a refetch on reconnecting) would bring the old value back: read again after it.
    if (this.qc.isFetching({ queryKey }) > 0) void this.qc.invalidateQueries({ queryKey });
    this.qc.setQueryData<Scorecard[]>(queryKey, (list = []) => {
      const old = list.find((c) => c.member_id === this.memberId);
      if (!old) return [...list, saved];
      let next: Scorecard = { ...old, updated_at: saved.updated_at };
      if (key === "recommendation" || key === "note") next = { ...next, [key]: saved[key] };
      else {
        const fieldId = key.slice(FIELD.length);
        const responses = { ...old.responses };
        if (fieldId in saved.responses) responses[fieldId] = saved.responses[fieldId];
        else delete responses[fieldId];
        next = { ...next, responses };
      }
      return list.map((c) => (c === old ? next : c));
    });
  }
}

/** One store per scorecard panel; warns before the tab is closed with unsaved answers. */
export function useScorecardAutosave(personId: string, id: string, memberId: string) {
  const qc = useQueryClient();
  const [store] = useState(() => new ScorecardAutosaveStore(qc, personId, id, memberId));
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const unsaved = snapshot.status === "saving" || snapshot.status === "error";
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);
  return { store, snapshot };
}

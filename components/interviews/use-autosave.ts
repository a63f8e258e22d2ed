"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { apiFetch, isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { interviewKeys } from "./interview-keys";
import type { Interview } from "./interview-types";
import { interviewPath } from "./use-interviews";

/**
 * What is saved: `responses.<fieldId>` (one answer) or `date`; on a scorecard
 * (components/scorecards), also `recommendation` and `note`. The key is also the path of the
 * API's validation details, so a 400 lands on the right field.
 */
export type SaveKey = `responses.${string}` | "date" | "recommendation" | "note";

type SaveStatus = "idle" | "saving" | "saved" | "error";

export type AutosaveSnapshot = {
  status: SaveStatus;
  /** Values not confirmed by the server yet (typed, queued, being sent, or failed): shown instead of the cached ones. */
  local: ReadonlyMap<SaveKey, unknown>;
  /** Per key: why its last save failed (what the request threw; useSaveErrorMessage says it). */
  errors: ReadonlyMap<SaveKey, unknown>;
  /** The last failure, for the status line; null when nothing failed. */
  failure: unknown;
};

/**
 * Saves an interview field by field: one PATCH per change carrying only that field (the
 * server merges atomically). Per key, saves run one after another and only the newest
 * waiting value is sent, so answers never arrive out of order. A failed value stays local
 * (shown, retried by `retry()`), so nothing typed is lost.
 */
export class AutosaveStore {
  private queued = new Map<SaveKey, unknown>();
  private sending = new Map<SaveKey, unknown>();
  private failed = new Map<SaveKey, unknown>();
  private dirty = new Set<SaveKey>();
  private errors = new Map<SaveKey, unknown>();
  private inflight = new Set<Promise<unknown>>();
  private flushers = new Map<SaveKey, () => void>();
  private failure: unknown = null;
  private everSaved = false;
  private listeners = new Set<() => void>();
  private snapshot: AutosaveSnapshot;

  constructor(
    protected qc: QueryClient,
    protected personId: string,
    protected id: string,
  ) {
    this.snapshot = this.compute();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private compute(): AutosaveSnapshot {
    const local = new Map<SaveKey, unknown>([...this.failed, ...this.sending, ...this.queued]);
    const busy = this.dirty.size > 0 || this.queued.size > 0 || this.sending.size > 0;
    const status: SaveStatus = this.failed.size > 0 ? "error" : busy ? "saving" : this.everSaved ? "saved" : "idle";
    return { status, local, errors: new Map(this.errors), failure: this.failed.size ? this.failure : null };
  }

  private notify() {
    this.snapshot = this.compute();
    this.listeners.forEach((l) => l());
  }

  /** A text field was typed into and will save soon (counts as "Saving…", keeps the page from being left silently). */
  markDirty(key: SaveKey) {
    if (this.dirty.has(key)) return;
    this.dirty.add(key);
    this.notify();
  }

  /** Nothing to save after all (typed back to the saved text). */
  markClean(key: SaveKey) {
    if (!this.dirty.delete(key)) return;
    this.notify();
  }

  /** A value for this key is waiting, being sent, or failed. */
  hasLocal(key: SaveKey) {
    return this.queued.has(key) || this.sending.has(key) || this.failed.has(key);
  }

  isPending(key: SaveKey) {
    return this.dirty.has(key) || this.queued.has(key) || this.sending.has(key) || this.failed.has(key);
  }

  /** Text fields register how to save their typed-but-debounced text right now. */
  registerFlush(key: SaveKey, flush: () => void) {
    this.flushers.set(key, flush);
    return () => {
      if (this.flushers.get(key) === flush) this.flushers.delete(key);
    };
  }

  save(key: SaveKey, value: unknown) {
    this.dirty.delete(key);
    this.failed.delete(key);
    this.errors.delete(key);
    this.queued.set(key, value);
    this.notify();
    if (!this.sending.has(key)) void this.pump(key);
  }

  /** Sends again every value that failed. */
  retry() {
    for (const [key, value] of [...this.failed]) this.save(key, value);
  }

  /** Saves typed text now and resolves once nothing is being sent (before publishing, say). */
  async flush() {
    this.flushers.forEach((f) => f());
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  get hasUnsaved() {
    return this.dirty.size > 0 || this.queued.size > 0 || this.sending.size > 0 || this.failed.size > 0;
  }

  private async pump(key: SaveKey) {
    while (this.queued.has(key)) {
      const value = this.queued.get(key);
      this.queued.delete(key);
      this.sending.set(key, value);
      this.notify();
      const request = this.send(key, value);
      this.inflight.add(request);
      try {
        const res = await request;
        this.merge(key, res);
        this.everSaved = true;
        this.errors.delete(key);
      } catch (error) {
        // A newer value waiting for this key supersedes the one that failed.
        if (!this.queued.has(key)) {
          this.failed.set(key, value);
          this.errors.set(key, error);
          this.failure = error;
        }
      } finally {
        this.inflight.delete(request);
        this.sending.delete(key);
        this.notify();
      }
    }
  }

  /** The newest value of `key` the server has sent (text answers merge their other languages into it). */
  serverValue(key: SaveKey): unknown {
    return key.startsWith("responses.")
      ? this.qc.getQueryData<Interview>(interviewKeys.detail(this.personId, this.id))?.responses[key.slice("responses.".length)]
      : undefined;
  }

  protected send(key: SaveKey, value: unknown): Promise<unknown> {
    const body = key === "date" ? { date: value } : { responses: { [key.slice("responses.".length)]: value } };
    return apiFetch<Interview>(interviewPath(this.personId, this.id), { method: "PATCH", body });
  }

  /** Takes only the saved field from the answer: a slower answer for another field never overwrites a newer one. */
  protected merge(key: SaveKey, answer: unknown) {
    const res = answer as Interview;
    const detail = interviewKeys.detail(this.personId, this.id);
    this.qc.setQueryData<Interview>(detail, (old) => {
      if (!old) return res;
      if (key === "date") return { ...old, date: res.date, updated_at: res.updated_at };
      const fieldId = key.slice("responses.".length);
      const responses = { ...old.responses };
      if (fieldId in res.responses) responses[fieldId] = res.responses[fieldId];
      else delete responses[fieldId];
      return { ...old, responses, updated_at: res.updated_at };
    });
    void this.qc.invalidateQueries({ queryKey: [...detail, "view"] });
    if (key === "date") void this.qc.invalidateQueries({ queryKey: interviewKeys.list() });
  }
}

/** Why a value was not saved, for the reader: the service's word on that very field, else the failure. */
export function useSaveErrorMessage() {
  const t = useTranslations("interviews");
  const errorMessage = useErrorMessage();
  return useCallback(
    (error: unknown, key: SaveKey): string => {
      const detail = isApiError(error) ? error.details.find((d) => d.path === key) : undefined;
      return detail ? detail.message : t("notSaved", { reason: errorMessage(error) });
    },
    [t, errorMessage],
  );
}

/** One store per interview page; warns before the tab is closed with unsaved answers. */
export function useAutosave(personId: string, id: string) {
  const qc = useQueryClient();
  const [store] = useState(() => new AutosaveStore(qc, personId, id));
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

"use client";

import { isApiError } from "@/components/api/api-fetch";
import { finalizeRecording, sendChunk } from "./audio-api";
import { ChunkUploader } from "./chunk-uploader";
import { deleteSession, getChunk, saveSession, sessionsOf, updateSession, type LocalSession } from "./recording-db";

/** What this device does for a recording; the server does the rest (transcript, summary, translations) by itself. */
export type StepName = "upload" | "finalize";
export const STEPS: StepName[] = ["upload", "finalize"];
export type StepStatus = "waiting" | "running" | "done" | "error";

export type SessionView = {
  session: LocalSession;
  uploader: ChunkUploader;
  /** Recording in this tab right now. */
  live: boolean;
  /** Left "recording" by a page that is gone (closed, reloaded): waits for the reader to save it. */
  interrupted: boolean;
  /** Recording in another tab (its Web Lock is held): left alone. */
  elsewhere: boolean;
  step: StepName | null;
  status: StepStatus;
  error: unknown;
};

export type ControllerSnapshot = { loaded: boolean; sessions: SessionView[]; loadError: unknown };

const lockName = (recordingId: string) => `cas-recording-${recordingId}`;

/** Names of the Web Locks held in this browser (by any tab), or null without the Locks API. */
async function heldLocks(): Promise<Set<string> | null> {
  if (typeof navigator === "undefined" || !navigator.locks?.query) return null;
  const { held = [] } = await navigator.locks.query();
  return new Set(held.map((l) => l.name ?? ""));
}

/**
 * The recordings of one interview on this device, from the first chunk until the server holds
 * the recording: each session's upload queue, then finalize, persisted in IndexedDB so that a
 * reload resumes where it stopped. Once finalized, the session leaves the device: the server
 * transcribes, summarizes and translates it as jobs of its own, whatever happens to this tab.
 * Components read it with useSyncExternalStore (`subscribe` / `getSnapshot`).
 */
export class RecordingController {
  private views = new Map<string, SessionView>();
  private listeners = new Set<() => void>();
  private snapshot: ControllerSnapshot = { loaded: false, sessions: [], loadError: null };
  private running = new Set<string>();
  private releases = new Map<string, () => void>();
  private loaded = false;
  private loadError: unknown = null;
  private disposed = false;

  constructor(
    readonly personId: string,
    readonly interviewId: string,
    /** Called when the interview changed on the server (a recording attached, a transcript stored). */
    private readonly onServerChange: () => void,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private notify() {
    this.snapshot = {
      loaded: this.loaded,
      loadError: this.loadError,
      sessions: [...this.views.values()].map((v) => ({ ...v })).sort((a, b) => a.session.startedAt - b.session.startedAt),
    };
    for (const listener of this.listeners) listener();
  }

  private view(recordingId: string) {
    return this.views.get(recordingId);
  }

  private set(recordingId: string, change: Partial<SessionView>) {
    const current = this.views.get(recordingId);
    if (!current) return;
    this.views.set(recordingId, { ...current, ...change });
    this.notify();
  }

  private watch(uploader: ChunkUploader) {
    uploader.subscribe(() => this.notify());
  }

  /** Reads what earlier pages left: interrupted recordings wait for the reader; the others resume at once. */
  async load() {
    try {
      const [sessions, locks] = await Promise.all([sessionsOf(this.personId, this.interviewId), heldLocks()]);
      for (const session of sessions) {
        if (this.views.has(session.recordingId)) continue;
        const uploader = new ChunkUploader(session.recordingId, sendChunk);
        this.watch(uploader);
        const elsewhere = session.stage === "recording" && Boolean(locks?.has(lockName(session.recordingId)));
        this.views.set(session.recordingId, {
          session,
          uploader,
          live: false,
          interrupted: session.stage === "recording" && !elsewhere,
          elsewhere,
          step: null,
          status: "waiting",
          error: null,
        });
        // Chunks go up right away, even before the reader says to save the recording.
        if (!elsewhere) await uploader.load();
        if (session.stage !== "recording") void this.run(session.recordingId);
      }
    } catch (error) {
      this.loadError = error;
    }
    this.loaded = true;
    this.notify();
  }

  /** A recording starts in this tab: its session is stored before the first chunk. */
  async start(session: LocalSession) {
    await saveSession(session);
    const uploader = new ChunkUploader(session.recordingId, sendChunk);
    this.watch(uploader);
    this.views.set(session.recordingId, { session, uploader, live: true, interrupted: false, elsewhere: false, step: null, status: "waiting", error: null });
    if (typeof navigator !== "undefined" && navigator.locks?.request) {
      void navigator.locks.request(lockName(session.recordingId), () => new Promise<void>((resolve) => this.releases.set(session.recordingId, resolve)));
    }
    this.notify();
  }

  /** A chunk is in IndexedDB: record it on the session and queue it. */
  async chunkWritten(recordingId: string, number: number, durationMs: number, recordedMs: number) {
    const session = await updateSession(recordingId, { chunkCount: number, recordedMs });
    const v = this.view(recordingId);
    if (!v) return;
    if (session) this.views.set(recordingId, { ...v, session });
    v.uploader.add(number, durationMs);
  }

  async rename(recordingId: string, name: Record<string, string>) {
    const session = await updateSession(recordingId, { name });
    if (session) this.set(recordingId, { session });
  }

  /** Recording ended in this tab (Stop): the steps begin. */
  async stop(recordingId: string, recordedMs: number) {
    const session = await updateSession(recordingId, { stage: "stopped", recordedMs });
    this.releases.get(recordingId)?.();
    this.releases.delete(recordingId);
    if (session) this.set(recordingId, { session, live: false });
    void this.run(recordingId);
  }

  /** "Upload and save it": an interrupted recording ends where the page left it. */
  async saveInterrupted(recordingId: string) {
    const session = await updateSession(recordingId, { stage: "stopped" });
    if (session) this.set(recordingId, { session, interrupted: false });
    void this.run(recordingId);
  }

  /** Retry after an error: the upload queue and the failed step. */
  retry(recordingId: string) {
    const v = this.view(recordingId);
    if (!v) return;
    v.uploader.retryNow();
    if (!v.interrupted && !v.live && !v.elsewhere) void this.run(recordingId);
  }

  /** Removes a recording the server will never take (its interview is gone): only on the reader's word. */
  async discard(recordingId: string) {
    const v = this.view(recordingId);
    v?.uploader.dispose();
    await deleteSession(recordingId);
    this.views.delete(recordingId);
    this.notify();
  }

  dispose() {
    this.disposed = true;
    for (const v of this.views.values()) v.uploader.dispose();
    for (const release of this.releases.values()) release();
  }

  private target(session: LocalSession) {
    return { recordingId: session.recordingId, personId: session.personId, interviewId: session.interviewId };
  }

  /** Upload, then finalize, from wherever the session stands; one run per session at a time. */
  private async run(recordingId: string) {
    if (this.running.has(recordingId) || this.disposed || !this.view(recordingId)) return;
    this.running.add(recordingId);
    let step: StepName = "upload";
    try {
      const session = this.view(recordingId)!.session;
      // "finalized" / "transcribed": left by an earlier version of this page, which drove the steps after finalize.
      if (session.stage === "stopped") {
        this.set(recordingId, { step, status: "running", error: null });
        await this.view(recordingId)!.uploader.whenDrained();
        step = "finalize";
        this.set(recordingId, { step, status: "running" });
        await this.finalize(this.view(recordingId)!);
      }
      this.view(recordingId)?.uploader.dispose();
      await deleteSession(recordingId);
      this.views.delete(recordingId);
      this.notify();
      this.onServerChange();
    } catch (error) {
      this.set(recordingId, { step, status: "error", error });
    } finally {
      this.running.delete(recordingId);
    }
  }

  /** Finalize; when the server misses chunks this device still has, they are sent and finalize retried. */
  private async finalize(v: SessionView) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await finalizeRecording(this.target(v.session), v.session.name);
      } catch (error) {
        if (!isApiError(error) || error.status !== 409 || attempt >= 2) throw error;
        const missing = error.details.flatMap((d) => (/^chunks\.(\d+)$/.exec(d.path) ? [Number(d.path.slice(7))] : []));
        const here = [];
        for (const n of missing) if (await getChunk(v.session.recordingId, n)) here.push(n);
        if (!here.length) throw error;
        for (const n of here) if (!v.uploader.has(n)) v.uploader.add(n, 0);
        await v.uploader.whenDrained();
      }
    }
  }
}

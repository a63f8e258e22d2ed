"use client";

import { isApiError } from "@/components/api/api-fetch";
import { deleteChunk, getChunk, pendingChunks } from "./recording-db";

export type UploadSnapshot = {
  /** Chunks written on this device and not yet acknowledged by the server. */
  pending: number;
  /** Their recorded length. */
  pendingMs: number;
  /** No connection: the browser says so, or the last attempt got no answer. */
  offline: boolean;
  /** When the next attempt is due (after a failure), ms since the epoch; null when not waiting. */
  retryAt: number | null;
  /** An answer that retrying will not change (e.g. 403): the queue waits for `retryNow()`. */
  error: unknown;
};

/** Sends one chunk; throws an ApiError (status 0 when there was no answer). */
export type SendChunk = (recordingId: string, number: number, blob: Blob, signal: AbortSignal) => Promise<void>;

const CONCURRENCY = 3;
const MAX_BACKOFF_MS = 15_000;
const TIMEOUT_MS = 45_000;

/** Failures worth retrying on their own: no answer, a timeout, rate limits, server trouble. */
const isRetryable = (error: unknown) => !isApiError(error) || error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;

/**
 * The upload queue of one recording: every chunk already in IndexedDB is sent, lowest number
 * first, a few at a time; a chunk leaves IndexedDB only once the server has acknowledged it.
 * Failures without an answer back off (1 s, 2 s, 4 s … 15 s, with jitter) and retry, at once when
 * the browser comes back online. A 409 means the server already finalized the recording: the
 * chunk is no longer needed.
 */
export class ChunkUploader {
  private pending = new Map<number, number>();
  private inFlight = new Set<number>();
  private listeners = new Set<() => void>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private retryAt: number | null = null;
  private offline = false;
  private error: unknown = null;
  private disposed = false;
  private drained: Array<() => void> = [];
  private aborts = new Set<AbortController>();
  private snapshot: UploadSnapshot = { pending: 0, pendingMs: 0, offline: false, retryAt: null, error: null };

  constructor(
    readonly recordingId: string,
    private readonly send: SendChunk,
  ) {
    if (typeof window !== "undefined") {
      window.addEventListener("online", this.onOnline);
      window.addEventListener("offline", this.onOffline);
      this.offline = navigator.onLine === false;
    }
  }

  /** Picks up the chunks a previous page left in IndexedDB. */
  async load() {
    for (const c of await pendingChunks(this.recordingId)) this.pending.set(c.number, c.durationMs);
    this.pump();
  }

  /** A chunk just written to IndexedDB. */
  add(number: number, durationMs: number) {
    this.pending.set(number, durationMs);
    this.pump();
  }

  /** Tries again now (after an error, or to skip a backoff wait). */
  retryNow() {
    this.attempt = 0;
    this.error = null;
    this.clearTimer();
    this.pump();
  }

  /** Resolves once every chunk is acknowledged. */
  whenDrained(): Promise<void> {
    if (!this.pending.size) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }

  has(number: number) {
    return this.pending.has(number);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  dispose() {
    this.disposed = true;
    this.clearTimer();
    for (const a of this.aborts) a.abort();
    if (typeof window !== "undefined") {
      window.removeEventListener("online", this.onOnline);
      window.removeEventListener("offline", this.onOffline);
    }
  }

  private onOnline = () => {
    this.offline = false;
    this.retryNow();
  };

  private onOffline = () => {
    this.offline = true;
    this.notify();
  };

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.retryAt = null;
  }

  private notify() {
    let pendingMs = 0;
    for (const ms of this.pending.values()) pendingMs += ms;
    this.snapshot = { pending: this.pending.size, pendingMs, offline: this.offline, retryAt: this.retryAt, error: this.error };
    for (const listener of this.listeners) listener();
    if (!this.pending.size) for (const resolve of this.drained.splice(0)) resolve();
  }

  private pump() {
    if (!this.disposed && !this.timer && this.error === null) {
      const waiting = [...this.pending.keys()].filter((n) => !this.inFlight.has(n)).sort((a, b) => a - b);
      for (const number of waiting.slice(0, Math.max(0, CONCURRENCY - this.inFlight.size))) {
        this.inFlight.add(number);
        void this.upload(number);
      }
    }
    this.notify();
  }

  private async upload(number: number) {
    const abort = new AbortController();
    this.aborts.add(abort);
    const timeout = setTimeout(() => abort.abort(), TIMEOUT_MS);
    try {
      const chunk = await getChunk(this.recordingId, number);
      if (chunk) await this.send(this.recordingId, number, chunk.blob, abort.signal);
      await this.acknowledged(number);
    } catch (error) {
      if (this.disposed) return;
      if (isApiError(error) && error.status === 409) {
        await this.acknowledged(number); // finalized: the server has the recording
      } else if (isRetryable(error) || abort.signal.aborted) {
        this.offline = (isApiError(error) && error.status === 0) || abort.signal.aborted || navigator.onLine === false;
        this.scheduleRetry();
      } else {
        this.error = error;
      }
    } finally {
      clearTimeout(timeout);
      this.aborts.delete(abort);
      this.inFlight.delete(number);
      this.pump();
    }
  }

  private async acknowledged(number: number) {
    await deleteChunk(this.recordingId, number);
    this.pending.delete(number);
    this.attempt = 0;
    this.offline = false;
    this.error = null;
  }

  private scheduleRetry() {
    if (this.timer) return;
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** this.attempt) * (0.5 + Math.random() / 2);
    this.attempt = Math.min(this.attempt + 1, 10);
    this.retryAt = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.retryAt = null;
      this.pump();
    }, delay);
  }
}

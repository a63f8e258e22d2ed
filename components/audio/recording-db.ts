"use client";

import { openDB, type DBSchema, type IDBPDatabase } from "idb";

/*
 * The browser's own copy of every recording until the server has it: each chunk MediaRecorder
 * produces is written here before it is sent, and deleted only when the server has acknowledged
 * it. A closed tab, a reload or a lost connection therefore loses nothing: the next visit finds
 * the session and its unsent chunks.
 */

/**
 * How far a recording has come on this device: recording, then stopped (uploading and asking
 * the server to save it). "finalized" and "transcribed" are left by earlier versions of the
 * page, which drove the steps after finalize from the browser; such sessions are simply cleared.
 */
type SessionStage = "recording" | "stopped" | "finalized" | "transcribed";

export type LocalSession = {
  recordingId: string;
  personId: string;
  interviewId: string;
  /** The name sent to finalize (multilingual; the reader's language). */
  name: Record<string, string>;
  /** The recorder's language. */
  language: string;
  mimeType: string;
  startedAt: number;
  stage: SessionStage;
  /** The highest chunk number written (chunks are 1..chunkCount). */
  chunkCount: number;
  /** Recorded time, pauses left out, as last saved (about once a second while recording). */
  recordedMs: number;
};

export type LocalChunk = { recordingId: string; number: number; blob: Blob; durationMs: number };

interface RecordingDb extends DBSchema {
  sessions: { key: string; value: LocalSession; indexes: { byInterview: [string, string] } };
  chunks: { key: [string, number]; value: LocalChunk; indexes: { byRecording: string } };
}

let opening: Promise<IDBPDatabase<RecordingDb>> | undefined;

function database() {
  opening ??= openDB<RecordingDb>("cas-recordings", 1, {
    upgrade(db) {
      const sessions = db.createObjectStore("sessions", { keyPath: "recordingId" });
      sessions.createIndex("byInterview", ["personId", "interviewId"]);
      const chunks = db.createObjectStore("chunks", { keyPath: ["recordingId", "number"] });
      chunks.createIndex("byRecording", "recordingId");
    },
  });
  return opening;
}

export async function saveSession(session: LocalSession) {
  await (await database()).put("sessions", session);
}

/** Changes a stored session (no-op when it is gone) and returns it as stored. */
export async function updateSession(recordingId: string, change: Partial<LocalSession>): Promise<LocalSession | undefined> {
  const db = await database();
  const tx = db.transaction("sessions", "readwrite");
  const current = await tx.store.get(recordingId);
  const next = current ? { ...current, ...change } : undefined;
  if (next) await tx.store.put(next);
  await tx.done;
  return next;
}

/** Sessions of an interview that are not done, oldest first. */
export async function sessionsOf(personId: string, interviewId: string): Promise<LocalSession[]> {
  const all = await (await database()).getAllFromIndex("sessions", "byInterview", [personId, interviewId]);
  return all.sort((a, b) => a.startedAt - b.startedAt);
}

/** The session and whatever chunks are left of it. */
export async function deleteSession(recordingId: string) {
  const db = await database();
  const tx = db.transaction(["sessions", "chunks"], "readwrite");
  await tx.objectStore("sessions").delete(recordingId);
  const chunks = tx.objectStore("chunks");
  for (const key of await chunks.index("byRecording").getAllKeys(recordingId)) await chunks.delete(key);
  await tx.done;
}

export async function putChunk(chunk: LocalChunk) {
  await (await database()).put("chunks", chunk);
}

export async function getChunk(recordingId: string, number: number) {
  return (await database()).get("chunks", [recordingId, number]);
}

export async function deleteChunk(recordingId: string, number: number) {
  await (await database()).delete("chunks", [recordingId, number]);
}

/** The numbers and lengths of the chunks not yet acknowledged by the server, in order. */
export async function pendingChunks(recordingId: string): Promise<{ number: number; durationMs: number }[]> {
  const db = await database();
  const keys = await db.getAllKeysFromIndex("chunks", "byRecording", recordingId);
  const out: { number: number; durationMs: number }[] = [];
  // Values hold blobs: read one at a time, only for the length.
  for (const key of keys) {
    const chunk = await db.get("chunks", key);
    if (chunk) out.push({ number: chunk.number, durationMs: chunk.durationMs });
  }
  return out.sort((a, b) => a.number - b.number);
}

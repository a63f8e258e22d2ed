"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { putChunk } from "./recording-db";

/** Why recording cannot start, each told plainly in the card. */
export type RecorderProblem = "unsupported" | "insecure" | "denied" | "no-microphone" | "busy" | "storage" | "failed";

export type RecorderState = "idle" | "starting" | "recording" | "paused" | "stopping";

/** A timeslice of one second: each second of audio is its own chunk, saved and sent on its own. */
const TIMESLICE_MS = 1000;
const AUDIO_BITS_PER_SECOND = 48_000;

/** The WebM type this browser records, or null (Safari before WebM support records only MP4, which the service does not take). */
function recordableType(): string | null {
  if (typeof window === "undefined" || typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) return null;
  for (const type of ["audio/webm;codecs=opus", "audio/webm"]) if (MediaRecorder.isTypeSupported(type)) return type;
  return null;
}

/** What stands in the way before the reader even presses Record. */
function initialProblem(): RecorderProblem | null {
  if (typeof window === "undefined") return null;
  if (!window.isSecureContext) return "insecure";
  if (typeof indexedDB === "undefined") return "storage";
  return recordableType() ? null : "unsupported";
}

function problemOf(error: unknown): RecorderProblem {
  const name = (error as { name?: string })?.name;
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "no-microphone";
  if (name === "NotReadableError" || name === "AbortError" || name === "TrackStartError") return "busy";
  if (name === "QuotaExceededError" || name === "InvalidStateError") return "storage";
  return "failed";
}

export type RecorderCallbacks = {
  /** Before the first chunk: the session must be stored. Gets the MIME type recorded. */
  onStart(mimeType: string): Promise<string>;
  /** Each chunk, already written to IndexedDB. */
  onChunk(recordingId: string, number: number, durationMs: number, recordedMs: number): Promise<void>;
  /** After the last chunk is written. */
  onStop(recordingId: string, recordedMs: number): Promise<void>;
};

/**
 * The microphone, MediaRecorder (WebM/Opus, one chunk a second) and a level meter. Every chunk
 * is written to IndexedDB (putChunk) before anyone is told about it, in order, one at a time.
 * `levelRef` is a 0..1 loudness updated every animation frame (read it, don't render on it).
 */
export function useRecorder(callbacks: RecorderCallbacks) {
  const [state, setState] = useState<RecorderState>("idle");
  const [problem, setProblem] = useState<RecorderProblem | null>(null);
  const [elapsedMs, setElapsedMs] = useState(0);
  const levelRef = useRef(0);
  const live = useRef<{
    recorder: MediaRecorder;
    stream: MediaStream;
    audio: AudioContext | null;
    recordingId: string;
    number: number;
    recordedMs: number;
    runningSince: number | null;
    lastChunkAt: number;
    writes: Promise<void>;
    frame: number;
    failed: boolean;
  } | null>(null);
  const cb = useRef(callbacks);
  cb.current = callbacks;

  useEffect(() => setProblem(initialProblem()), []);

  const recorded = () => {
    const l = live.current;
    if (!l) return 0;
    return l.recordedMs + (l.runningSince === null ? 0 : performance.now() - l.runningSince);
  };

  // The clock, four times a second.
  useEffect(() => {
    if (state !== "recording" && state !== "paused") return;
    const timer = setInterval(() => setElapsedMs(recorded()), 250);
    return () => clearInterval(timer);
  }, [state]);

  const release = useCallback(() => {
    const l = live.current;
    if (!l) return;
    cancelAnimationFrame(l.frame);
    for (const track of l.stream.getTracks()) track.stop();
    void l.audio?.close().catch(() => {});
    levelRef.current = 0;
  }, []);

  const start = useCallback(async () => {
    const type = recordableType();
    if (!type) return setProblem("unsupported");
    setProblem(null);
    setState("starting");
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
    } catch (error) {
      setState("idle");
      return setProblem(problemOf(error));
    }
    let recordingId: string;
    try {
      recordingId = await cb.current.onStart(type);
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      setState("idle");
      return setProblem(problemOf(error) === "failed" ? "storage" : problemOf(error));
    }
    const recorder = new MediaRecorder(stream, { mimeType: type, audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
    let audio: AudioContext | null = null;
    let frame = 0;
    try {
      audio = new AudioContext();
      const analyser = audio.createAnalyser();
      analyser.fftSize = 1024;
      audio.createMediaStreamSource(stream).connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      const tick = () => {
        analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const s of samples) sum += s * s;
        const db = 20 * Math.log10(Math.sqrt(sum / samples.length) || 1e-8);
        levelRef.current = Math.max(0, Math.min(1, (db + 60) / 60));
        if (live.current) live.current.frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    } catch {
      audio = null; // no meter, the recording still works
    }
    const now = performance.now();
    live.current = {
      recorder,
      stream,
      audio,
      recordingId,
      number: 0,
      recordedMs: 0,
      runningSince: now,
      lastChunkAt: now,
      writes: Promise.resolve(),
      frame,
      failed: false,
    };

    recorder.ondataavailable = (event) => {
      const l = live.current;
      if (!l || event.data.size === 0) return;
      const at = performance.now();
      const number = ++l.number;
      const durationMs = Math.max(0, Math.round(at - l.lastChunkAt));
      l.lastChunkAt = at;
      const recordedMs = Math.round(recorded());
      const blob = event.data;
      // In order, one at a time: written to IndexedDB, then queued for upload.
      l.writes = l.writes.then(async () => {
        try {
          await putChunk({ recordingId: l.recordingId, number, blob, durationMs });
          await cb.current.onChunk(l.recordingId, number, durationMs, recordedMs);
        } catch (error) {
          l.failed = true;
          setProblem(problemOf(error) === "failed" ? "storage" : problemOf(error));
          if (recorder.state !== "inactive") recorder.stop();
        }
      });
    };
    recorder.onstop = () => {
      const l = live.current;
      if (!l) return;
      if (l.runningSince !== null) l.recordedMs += performance.now() - l.runningSince;
      l.runningSince = null;
      release();
      void l.writes.then(async () => {
        await cb.current.onStop(l.recordingId, Math.round(l.recordedMs));
        live.current = null;
        setElapsedMs(0);
        setState("idle");
      });
    };
    // The microphone unplugged or taken away: what was recorded is kept and saved.
    for (const track of stream.getAudioTracks()) {
      track.onended = () => {
        if (recorder.state !== "inactive") {
          setProblem("no-microphone");
          setState("stopping");
          recorder.stop();
        }
      };
    }
    recorder.start(TIMESLICE_MS);
    setElapsedMs(0);
    setState("recording");
  }, [release]);

  const pause = useCallback(() => {
    const l = live.current;
    if (!l || l.recorder.state !== "recording") return;
    l.recorder.pause();
    // The chunk being filled when paused ends at the pause (a chunk's duration never counts a pause).
    l.recorder.requestData();
    if (l.runningSince !== null) l.recordedMs += performance.now() - l.runningSince;
    l.runningSince = null;
    setElapsedMs(recorded());
    setState("paused");
  }, []);

  const resume = useCallback(() => {
    const l = live.current;
    if (!l || l.recorder.state !== "paused") return;
    l.runningSince = performance.now();
    l.lastChunkAt = performance.now();
    l.recorder.resume();
    setState("recording");
  }, []);

  const stop = useCallback(() => {
    const l = live.current;
    if (!l || l.recorder.state === "inactive") return;
    setState("stopping");
    l.recorder.stop();
  }, []);

  // Leaving the page mid-recording: the browser asks first (what is recorded is safe either way).
  useEffect(() => {
    if (state !== "recording" && state !== "paused") return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [state]);

  // Unmounting (navigating away inside the app): stop and save.
  useEffect(
    () => () => {
      const l = live.current;
      if (l && l.recorder.state !== "inactive") l.recorder.stop();
    },
    [],
  );

  return { state, problem, elapsedMs, levelRef, start, pause, resume, stop, dismissProblem: () => setProblem(initialProblem()) };
}

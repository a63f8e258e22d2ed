"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, apiFetch, type ApiErrorDetail } from "@/components/api/api-fetch";
import { uploadWithProgress } from "@/components/api/upload-with-progress";
import { peopleKeys } from "./people-keys";

/** POST /api/people/import's report (lib/people/csv-schemas.ts). */
export type ImportReport = {
  dry_run: boolean;
  delimiter: "," | ";";
  counts: { rows: number; create: number; update: number; unchanged: number; refuse: number };
  rows: {
    row: number;
    email: string;
    action: "create" | "update" | "unchanged" | "refuse";
    person_id: string | null;
    changes: string[];
    errors: { column: string; message: string }[];
  }[];
};

/** An import the service runs as a job (the 202, and GET /api/people/import/jobs/:id: lib/people/csv-schemas.ts). */
type ImportJob = {
  id: string;
  state: "queued" | "running" | "done" | "failed";
  rows_total: number | null;
  rows_done: number;
  report: ImportReport | null;
  error: { code: string; message: string; details?: ApiErrorDetail[] } | null;
};

/** Where an import is: its file going up, then (run as a job) waiting for a worker, then rows written. */
export type ImportProgress = { phase: "uploading"; fraction: number } | { phase: "queued" } | { phase: "running"; done: number; total: number | null };

/** How often a queued import is asked about. */
const POLL_MS = 1000;
/** The status of the error an import job ended with, as the request would have answered it. */
const STATUS: Record<string, number> = { validation_error: 400, forbidden: 403, conflict: 409, payload_too_large: 413 };

const isJob = (answer: ImportReport | ImportJob): answer is ImportJob => "state" in answer;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A CSV import in two steps: `check` sends the file as a dry run (nothing is written) and keeps
 * the report; `apply` sends it again to be imported, with one Idempotency-Key per file, so that
 * "try again" after a lost answer cannot import it twice. Apply asks to run as a job (`Prefer:
 * respond-async`), and so does any file too large for one request: the job is then followed
 * until it is done, its rows written shown as they go. The people list is refreshed after.
 */
export function usePeopleImport() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [key, setKey] = useState<{ file: File; value: string } | null>(null);
  const gone = useRef(false);
  useEffect(() => {
    gone.current = false;
    return () => void (gone.current = true);
  }, []);

  const follow = useCallback(async (job: ImportJob): Promise<ImportReport> => {
    for (let current = job; ; current = await apiFetch<ImportJob>(`/api/people/import/jobs/${encodeURIComponent(job.id)}`)) {
      if (current.state === "done" && current.report) return current.report;
      if (current.state === "failed") {
        const error = current.error ?? { code: "internal", message: "" };
        throw new ApiError(STATUS[error.code] ?? 500, error.code, error.message, error.details ?? []);
      }
      if (gone.current) throw new DOMException("The import dialog was closed", "AbortError");
      setProgress(current.state === "queued" ? { phase: "queued" } : { phase: "running", done: current.rows_done, total: current.rows_total });
      await sleep(POLL_MS);
    }
  }, []);

  const send = useCallback(
    async (file: File, dryRun: boolean, headers: Record<string, string>) => {
      const form = new FormData();
      form.set("file", file);
      setProgress({ phase: "uploading", fraction: 0 });
      try {
        const answer = await uploadWithProgress<ImportReport | ImportJob>(`/api/people/import${dryRun ? "?dry_run=true" : ""}`, form, {
          onProgress: (p) => setProgress({ phase: "uploading", fraction: p.fraction }),
          headers,
        });
        return isJob(answer) ? await follow(answer) : answer;
      } finally {
        setProgress(null);
      }
    },
    [follow],
  );

  const check = useCallback((file: File) => send(file, true, {}), [send]);

  const apply = useCallback(
    async (file: File) => {
      const idempotencyKey = key?.file === file ? key.value : crypto.randomUUID();
      setKey({ file, value: idempotencyKey });
      const report = await send(file, false, { "Idempotency-Key": idempotencyKey, Prefer: "respond-async" });
      await qc.invalidateQueries({ queryKey: peopleKeys.all });
      return report;
    },
    [key, qc, send],
  );

  return { check, apply, progress };
}

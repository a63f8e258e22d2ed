"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
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

const send = (file: File, dryRun: boolean, onProgress: (fraction: number) => void, idempotencyKey?: string) => {
  const form = new FormData();
  form.set("file", file);
  return uploadWithProgress<ImportReport>(`/api/people/import${dryRun ? "?dry_run=true" : ""}`, form, {
    onProgress: (p) => onProgress(p.fraction),
    headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : undefined,
  });
};

/**
 * A CSV import in two steps: `check` sends the file as a dry run (nothing is written) and keeps
 * the report; `apply` sends it again to be imported, with one Idempotency-Key per file, so that
 * "try again" after a lost answer cannot import it twice. The people list is refreshed after.
 */
export function usePeopleImport() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [key, setKey] = useState<{ file: File; value: string } | null>(null);

  const check = useCallback(async (file: File) => {
    setProgress(0);
    try {
      return await send(file, true, setProgress);
    } finally {
      setProgress(null);
    }
  }, []);

  const apply = useCallback(
    async (file: File) => {
      const idempotencyKey = key?.file === file ? key.value : crypto.randomUUID();
      setKey({ file, value: idempotencyKey });
      setProgress(0);
      try {
        const report = await send(file, false, setProgress, idempotencyKey);
        await qc.invalidateQueries({ queryKey: peopleKeys.all });
        return report;
      } finally {
        setProgress(null);
      }
    },
    [key, qc],
  );

  return { check, apply, progress };
}

"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import type { UploadProgress } from "@/components/api/upload-with-progress";
import { useErrorMessage } from "@/components/api/use-error-message";
import { useDisplayFormat } from "@/components/ui/use-display-format";

/** One file on its way up: its progress, or why it failed (kept until dismissed). */
export type Upload = { key: number; name: string; size: number; fraction: number; error?: string; done?: boolean };

/**
 * Several uploads at once, each with its own progress. `send` does the request (with
 * uploadWithProgress) and `onUploaded` takes its result; a finished upload leaves the list,
 * a failed one stays with a plain message (a 413 says the file is too large).
 */
export function useUploads<T>({
  send,
  onUploaded,
}: {
  send: (file: File, onProgress: (p: UploadProgress) => void) => Promise<T>;
  onUploaded: (file: File, result: T) => Promise<unknown> | void;
}) {
  const t = useTranslations("uploads");
  const errorMessage = useErrorMessage();
  const format = useDisplayFormat();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextKey = useRef(1);
  const patch = (key: number, p: Partial<Upload>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...p } : u)));

  const uploadOne = async (file: File) => {
    const key = nextKey.current++;
    setUploads((all) => [...all, { key, name: file.name, size: file.size, fraction: 0 }]);
    try {
      const result = await send(file, (p) => patch(key, { fraction: p.fraction, done: p.fraction >= 1 }));
      patch(key, { fraction: 1, done: true });
      await onUploaded(file, result);
      setUploads((all) => all.filter((u) => u.key !== key));
    } catch (err) {
      const error =
        isApiError(err) && err.status === 413
          ? t("tooLarge", { name: file.name, size: format.bytes(file.size), reason: errorMessage(err) })
          : t("failed", { name: file.name, reason: errorMessage(err) });
      patch(key, { error });
    }
  };

  return {
    uploads,
    start: (files: Iterable<File>) => Array.from(files).forEach(uploadOne),
    dismiss: (key: number) => setUploads((all) => all.filter((u) => u.key !== key)),
  };
}

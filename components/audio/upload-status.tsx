"use client";

import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { useErrorMessage } from "@/components/api/use-error-message";
import type { ChunkUploader } from "./chunk-uploader";
import { useClock } from "./use-clock";

const SERVER_SNAPSHOT = { pending: 0, pendingMs: 0, offline: false, retryAt: null, error: null };

/** What is still on this device only: "Offline: 37 s waiting to upload", a retry under way, or a stop with Retry. */
export function UploadStatus({ uploader, quietWhenDone = false }: { uploader: ChunkUploader; quietWhenDone?: boolean }) {
  const t = useTranslations("audio");
  const errorMessage = useErrorMessage();
  const { seconds } = useClock();
  const s = useSyncExternalStore(uploader.subscribe, uploader.getSnapshot, () => SERVER_SNAPSHOT);
  if (s.error) {
    return (
      <div className="audio-upload audio-upload-error" role="alert">
        <span>{t("upload.stopped", { message: errorMessage(s.error) })}</span>
        <button type="button" className="btn btn-sm" onClick={() => uploader.retryNow()}>
          {t("session.retry")}
        </button>
      </div>
    );
  }
  if (!s.pending) {
    return quietWhenDone ? null : (
      <p className="audio-upload audio-upload-done" role="status">
        <span aria-hidden="true">✓</span> {t("upload.allSent")}
      </p>
    );
  }
  if (!s.offline && !s.retryAt && s.pendingMs < 3000) {
    return (
      <p className="audio-upload audio-upload-done" role="status">
        {t("upload.live")}
      </p>
    );
  }
  return (
    <p className={`audio-upload ${s.offline ? "audio-upload-offline" : ""}`} role="status" aria-live="polite">
      {s.offline
        ? t("upload.offline", { seconds: seconds(s.pendingMs) })
        : s.retryAt
          ? t("upload.retrying")
          : t("upload.waiting", { seconds: seconds(s.pendingMs) })}
    </p>
  );
}

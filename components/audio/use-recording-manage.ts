"use client";

import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { apiFetch } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { interviewKeys } from "@/components/interviews/interview-keys";
import type { Interview } from "@/components/interviews/interview-types";
import { useToast } from "@/components/ui/toast";
import type { RecordingChange } from "@/lib/audio/recording-events.shared";
import type { managedRecordingSchema } from "@/lib/audio/schemas";
import type { z } from "zod";
import { withRecordingChange } from "./recording-cache";
import { RECORDINGS_HEADING_ID } from "./recordings-heading";

type Renamed = z.infer<typeof managedRecordingSchema>;

/** What the page showed, for a change to label its notices and to roll back to. */
type Shown = { recordingId: string; name: string };

/**
 * Renaming and deleting the interview's recordings (PATCH / DELETE /api/audio/recordings/:id),
 * optimistically: the page shows the change at once and goes back to what it was, with a
 * notice saying why, when the server refuses it.
 */
export function useRecordingManage(personId: string, interviewId: string, readerLanguage: string) {
  const t = useTranslations("audio.manage");
  const qc = useQueryClient();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const key: QueryKey = interviewKeys.detail(personId, interviewId);

  /** Applies the change to every cached copy of the interview; answers how to undo it. */
  const apply = async (change: RecordingChange) => {
    await qc.cancelQueries({ queryKey: key });
    const before = qc.getQueriesData<Interview>({ queryKey: key });
    qc.setQueriesData<Interview>({ queryKey: key }, (interview) => interview && withRecordingChange(interview, change));
    return () => before.forEach(([k, data]) => qc.setQueryData(k, data));
  };
  const path = (recordingId: string) => `/api/audio/recordings/${encodeURIComponent(recordingId)}`;

  const rename = useMutation({
    mutationFn: ({ recordingId, newName }: Shown & { newName: string }) => apiFetch<Renamed>(path(recordingId), { method: "PATCH", body: { name: newName } }),
    onMutate: ({ recordingId, newName }) => apply({ recording_id: recordingId, name: { [readerLanguage]: newName } }),
    onSuccess: (renamed, { recordingId }) =>
      qc.setQueriesData<Interview>(
        { queryKey: key },
        (interview) => interview && withRecordingChange(interview, { recording_id: recordingId, name: renamed.name }),
      ),
    onError: (error, { name }, undo) => {
      undo?.();
      toast.show(t("renameFailed", { name, message: errorMessage(error) }), "error");
    },
  });

  const remove = useMutation({
    mutationFn: ({ recordingId }: Shown) => apiFetch(path(recordingId), { method: "DELETE" }),
    onMutate: async ({ recordingId }) => {
      const undo = await apply({ recording_id: recordingId, deleted: 1 });
      // The recording (and the button that deleted it) is gone: the focus goes to the list's heading.
      setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body) document.getElementById(RECORDINGS_HEADING_ID)?.focus();
      });
      return undo;
    },
    onSuccess: (_ok, { name }) => toast.show(t("deleted", { name })),
    onError: (error, { name }, undo) => {
      undo?.();
      toast.show(t("deleteFailed", { name, message: errorMessage(error) }), "error");
    },
  });

  return {
    /** `name` is the name shown now; the new one is sent as a plain string (the server files it under the reader's language). */
    rename: (recordingId: string, name: string, newName: string) => rename.mutate({ recordingId, name, newName }),
    remove: (recordingId: string, name: string) => remove.mutate({ recordingId, name }),
  };
}

export type RecordingManage = ReturnType<typeof useRecordingManage>;

"use client";

import { useEffect, useState } from "react";
import { mayPassOnRetry } from "@/components/api/api-fetch";
import { translateRecording, type RecordingTarget, type TranslateResult } from "./audio-api";

/** The tab's answers, per recording, language and version of its texts: each is asked for once (the server keeps them too). */
const asked = new Map<string, Promise<TranslateResult>>();

/** Tries again twice when asking again may help (mayPassOnRetry: the network, a busy service), as the app's queries do. */
async function askWithRetries(target: RecordingTarget, language: string): Promise<TranslateResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await translateRecording(target, language);
    } catch (error) {
      if (attempt >= 2 || !mayPassOnRetry(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
    }
  }
}

/**
 * A recording's transcript, passages and summary in the reader's `language`, asked for only when
 * `enabled` (something is missing in that language). `version` names the texts it translates (the
 * times they were made), so a new transcript asks again.
 */
export function useRecordingTranslation(target: RecordingTarget, language: string, version: string, enabled: boolean) {
  const key = [target.recordingId, language, version].join("\u0000");
  const [answer, setAnswer] = useState<{ key: string; data?: TranslateResult; error?: unknown }>({ key: "" });
  const { recordingId, personId, interviewId } = target;
  useEffect(() => {
    if (!enabled) return;
    let promise = asked.get(key);
    if (!promise) {
      promise = askWithRetries({ recordingId, personId, interviewId }, language);
      asked.set(key, promise);
      // A failure is not kept: the next page that shows the recording asks again.
      promise.catch(() => asked.delete(key));
    }
    let shown = true;
    promise.then(
      (data) => shown && setAnswer({ key, data }),
      (error: unknown) => shown && setAnswer({ key, error }),
    );
    return () => {
      shown = false;
    };
  }, [key, enabled, recordingId, personId, interviewId, language]);
  const settled = answer.key === key;
  return {
    data: settled ? answer.data : undefined,
    error: settled ? answer.error : undefined,
    isFetching: enabled && !settled,
  };
}

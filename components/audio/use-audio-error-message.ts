"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";

/** The house's error sentences, plus what an unavailable AI engine (503 ai_unavailable) means for the reader. */
export function useAudioErrorMessage() {
  const t = useTranslations("audio");
  const generic = useErrorMessage();
  return useCallback((error: unknown) => (isApiError(error) && error.code === "ai_unavailable" ? t("aiUnavailable") : generic(error)), [t, generic]);
}

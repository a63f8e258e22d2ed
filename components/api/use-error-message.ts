"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { isApiError } from "./api-fetch";

/**
 * A sentence, in the reader's language, for anything a request threw. Failures without a
 * specific reason (no answer, session over, server trouble, refused, gone) are said here; the
 * service's own sentence is kept where it names what to fix (a validation or a conflict).
 */
export function useErrorMessage() {
  const t = useTranslations("ui.errors");
  return useCallback(
    (error: unknown): string => {
      if (!isApiError(error)) return t("generic");
      if (error.code === "network_error") return t("network");
      if (error.status === 401) return t("sessionEnded");
      if (error.status === 403) return t("forbidden");
      if (error.status === 404) return t("notFound");
      if (error.status === 429) return t("rateLimited");
      if (error.status >= 500) return t("server");
      if (error.message.startsWith("HTTP ")) return error.status === 413 ? t("tooLarge") : t("requestFailed", { status: error.status });
      return error.message;
    },
    [t],
  );
}

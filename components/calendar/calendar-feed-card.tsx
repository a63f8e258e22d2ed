"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SecretField } from "@/components/ui/secret-field";

/**
 * The person's private calendar feed (POST /api/me/calendar-feed): the address is shown once, when
 * it is issued; asking again replaces it (the old one stops working), so that asks first.
 */
export function CalendarFeedCard() {
  const t = useTranslations("calendar");
  const errorMessage = useErrorMessage();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const issue = useMutation({ mutationFn: () => apiFetch<{ url: string }>("/api/me/calendar-feed", { method: "POST" }), onSuccess: (res) => setUrl(res.url) });
  const titleId = "calendar-feed-title";

  return (
    <section className="card" aria-labelledby={titleId} aria-busy={issue.isPending}>
      <div className="card-head">
        <div>
          <h2 id={titleId}>{t("feedCard.title")}</h2>
          <p>{t("feedCard.text")}</p>
        </div>
      </div>
      <div className="card-body stack">
        {url && (
          <SecretField
            id="calendar-feed-url"
            value={url}
            text={{
              label: t("feedCard.label"),
              copy: t("feedCard.copy"),
              copied: t("feedCard.copied"),
              onClipboard: t("feedCard.copied"),
              hint: t("feedCard.reissued"),
            }}
          />
        )}
        {issue.isError && (
          <p className="field-error" role="alert">
            {errorMessage(issue.error)}
          </p>
        )}
        <div>
          <button type="button" className="btn btn-sm" disabled={issue.isPending} onClick={() => setConfirming(true)}>
            {issue.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
            {url ? t("feedCard.reissue") : t("feedCard.issue")}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("feedCard.confirmTitle")}
        message={t("feedCard.confirmText")}
        confirmLabel={url ? t("feedCard.reissue") : t("feedCard.issue")}
        onConfirm={async () => {
          await issue.mutateAsync();
        }}
      />
    </section>
  );
}

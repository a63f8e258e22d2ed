"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { apiFetch } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import type { Me } from "@/components/me/me";
import { meKeys, useMe } from "@/components/me/use-me";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { NOTIFICATION_KINDS, type NotificationKind } from "@/lib/notifications/kinds.shared";

/**
 * The person's own e-mail notifications: one checkbox per kind, saved as it is changed
 * (PATCH /api/me `notifications`), the answer put in the cache of /api/me.
 */
export function NotificationPreferencesCard() {
  const t = useTranslations("notifications");
  const errorMessage = useErrorMessage();
  const me = useMe();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (change: Partial<Record<NotificationKind, 0 | 1>>) => apiFetch<Me>("/api/me", { method: "PATCH", body: { notifications: change } }),
    onSuccess: (answer) => queryClient.setQueryData(meKeys.all, answer),
  });
  const titleId = "notification-preferences-title";

  return (
    <section className="card" aria-labelledby={titleId} aria-busy={me.isPending || save.isPending}>
      <div className="card-head">
        <div>
          <h2 id={titleId}>{t("card.title")}</h2>
          <p>{t("card.lead")}</p>
        </div>
      </div>
      <div className="card-body">
        {me.isPending ? (
          <>
            <p className="sr-only">{t("card.loading")}</p>
            <Skeleton lines={3} />
          </>
        ) : me.isError ? (
          <ErrorState error={me.error} title={t("card.error")} onRetry={() => void me.refetch()} />
        ) : (
          <fieldset className="notification-kinds" disabled={save.isPending}>
            <legend className="sr-only">{t("card.title")}</legend>
            {NOTIFICATION_KINDS.map((kind) => (
              <div key={kind} className="check check-top" style={{ display: "flex", marginBottom: 12 }}>
                <input
                  id={`notify-${kind}`}
                  type="checkbox"
                  aria-describedby={`notify-${kind}-description`}
                  checked={me.data.notifications[kind] === 1}
                  onChange={(e) => save.mutate({ [kind]: e.target.checked ? 1 : 0 })}
                />
                <span>
                  <label htmlFor={`notify-${kind}`}>
                    <strong>{t(`kinds.${kind}.label`)}</strong>
                  </label>
                  <br />
                  <span id={`notify-${kind}-description`} className="muted small">
                    {t(`kinds.${kind}.description`)}
                  </span>
                </span>
              </div>
            ))}
            <p role="status" className="muted small">
              {save.isPending ? t("card.saving") : save.isSuccess ? t("card.saved") : ""}
            </p>
            {save.isError && (
              <p role="alert" className="small" style={{ color: "var(--danger)" }}>
                {t("card.saveFailed")} {errorMessage(save.error)}
              </p>
            )}
          </fieldset>
        )}
      </div>
    </section>
  );
}

"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useState } from "react";
import { useErrorMessage } from "@/components/api/use-error-message";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { useDeliveryActions, useWebhookDeliveries, type Delivery } from "./use-webhook-deliveries";
import type { Endpoint } from "./use-webhooks";

// Only once someone replays.
const ReplayDialog = dynamic(() => import("./replay-dialog").then((m) => m.ReplayDialog));

const STATUS_BADGE: Record<Delivery["status"], string> = {
  pending: "badge",
  retrying: "badge badge-warning",
  delivered: "badge badge-success",
  failed: "badge badge-danger",
  cancelled: "badge",
};

/**
 * One endpoint's delivery log: each event sent (status, attempts, the receiver's answer, when),
 * with Redeliver, and "Send test event" and "Replay since…" above it.
 */
export function DeliveryLog({ endpoint, id }: { endpoint: Endpoint; id: string }) {
  const t = useTranslations("webhooks");
  const format = useDisplayFormat();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const log = useWebhookDeliveries(endpoint.id);
  const { sendTest, redeliver } = useDeliveryActions(endpoint.id);
  const [replaying, setReplaying] = useState(false);
  const enabled = endpoint.enabled === 1;

  const onTest = () =>
    sendTest.mutate(undefined, {
      onSuccess: () => toast.show(t("testSent", { url: endpoint.url })),
      onError: (error) => toast.show(errorMessage(error), "error"),
    });
  const onRedeliver = (d: Delivery) =>
    redeliver.mutate(d.id, {
      onSuccess: () => toast.show(t("redelivered")),
      onError: (error) => toast.show(errorMessage(error), "error"),
    });

  const deliveries = log.data?.pages.flat() ?? [];
  return (
    <section id={id} className="delivery-log" aria-label={t("deliveriesOf", { url: endpoint.url })}>
      <div className="delivery-toolbar">
        <button type="button" className="btn btn-sm" onClick={onTest} disabled={sendTest.isPending}>
          {sendTest.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
          {t("sendTest")}
        </button>
        <button type="button" className="btn btn-sm" onClick={() => setReplaying(true)} disabled={!enabled}>
          {t("replay")}
        </button>
      </div>
      {!enabled && <p className="muted small">{t("disabledActions")}</p>}
      {log.isPending ? (
        <Skeleton lines={3} />
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => log.refetch()} title={t("couldNotLoadDeliveries")} />
      ) : deliveries.length === 0 ? (
        <EmptyState title={t("noDeliveriesTitle")}>{t("noDeliveriesText")}</EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table table-stack delivery-table">
            <thead>
              <tr>
                <th scope="col">{t("columns.event")}</th>
                <th scope="col">{t("columns.status")}</th>
                <th scope="col">{t("columns.attempts")}</th>
                <th scope="col">{t("columns.response")}</th>
                <th scope="col">{t("columns.time")}</th>
                <th scope="col">
                  <span className="sr-only">{t("columns.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id}>
                  <td data-label={t("columns.event")}>
                    <div>
                      <code>{d.event_type}</code>
                      {d.kind !== "event" && <span className="chip delivery-kind">{t(`kinds.${d.kind}`)}</span>}
                    </div>
                  </td>
                  <td data-label={t("columns.status")}>
                    <span className={STATUS_BADGE[d.status]}>{t(`statuses.${d.status}`)}</span>
                  </td>
                  <td data-label={t("columns.attempts")}>{format.number(d.attempts)}</td>
                  <td data-label={t("columns.response")}>
                    <div>
                      {d.response_status !== null ? (
                        <span className="mono">{t("responseCode", { status: d.response_status })}</span>
                      ) : d.attempts > 0 ? (
                        t("noResponse")
                      ) : (
                        "—"
                      )}
                      {d.response_ms !== null && <span className="muted small"> · {t("responseTime", { ms: format.number(d.response_ms) })}</span>}
                      {d.error && <span className="delivery-error small">{d.error}</span>}
                    </div>
                  </td>
                  <td data-label={t("columns.time")}>
                    <div>
                      {format.moment(d.created_at, true)}
                      {d.last_attempt_at && d.last_attempt_at - d.created_at > 60_000 && (
                        <span className="muted small delivery-last">{t("lastTried", { when: format.moment(d.last_attempt_at, true) })}</span>
                      )}
                    </div>
                  </td>
                  <td className="actions">
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() => onRedeliver(d)}
                      disabled={(!enabled && d.kind !== "test") || (redeliver.isPending && redeliver.variables === d.id)}
                      aria-label={t("redeliverNamed", { event: d.event_type, when: format.moment(d.created_at, true) })}
                    >
                      {t("redeliver")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.hasNextPage && (
        <button type="button" className="btn btn-sm" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage && <span className="spinner spinner-sm" aria-hidden="true" />}
          {t("showOlder")}
        </button>
      )}
      {replaying && <ReplayDialog endpoint={endpoint} onClose={() => setReplaying(false)} />}
    </section>
  );
}

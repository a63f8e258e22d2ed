"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { useErrorMessage } from "@/components/api/use-error-message";
import { useToast } from "@/components/ui/toast";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { DeliveryLog } from "./delivery-log";
import { useUpdateWebhook, type Endpoint } from "./use-webhooks";

/**
 * One endpoint in the list: its URL, description, events, whether events are sent (and why not,
 * when the service stopped them), its secret's rotation, the actions, and its delivery log behind
 * a disclosure. The endpoint a link named (`linked`) starts with its log open, scrolled to and focused.
 */
export function EndpointItem({
  endpoint,
  linked = false,
  onEdit,
  onRotate,
  onDelete,
}: {
  endpoint: Endpoint;
  linked?: boolean;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("webhooks");
  const format = useDisplayFormat();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const update = useUpdateWebhook();
  const [open, setOpen] = useState(linked);
  const item = useRef<HTMLLIElement>(null);
  // The switch shows what was asked at once, until the server's answer (or its refusal) is in.
  const [asked, setAsked] = useState<boolean | null>(null);
  const logId = useId();
  const enabled = endpoint.enabled === 1;
  const url = endpoint.url;

  useEffect(() => {
    if (!linked) return;
    item.current?.scrollIntoView({ block: "start" });
    item.current?.focus({ preventScroll: true });
  }, [linked]);

  const setEnabled = (on: boolean) => {
    setAsked(on);
    update.mutate(
      { id: endpoint.id, enabled: on },
      {
        onSuccess: () => toast.show(on ? t("enabledToast", { url }) : t("disabledToast", { url })),
        onError: (error) => toast.show(errorMessage(error), "error"),
        onSettled: () => setAsked(null),
      },
    );
  };

  return (
    <li ref={item} className={linked ? "webhook webhook-linked" : "webhook"} tabIndex={linked ? -1 : undefined} aria-current={linked ? "location" : undefined}>
      <div className="webhook-head">
        <div className="webhook-title">
          <h3 className="webhook-url">{url}</h3>
          <p className={endpoint.description ? "" : "muted"}>{endpoint.description || t("noDescription")}</p>
        </div>
        <span className={enabled ? "badge badge-success" : "badge badge-danger"}>{enabled ? t("enabled") : t("disabled")}</span>
      </div>
      {!enabled && (
        <p className="notice webhook-disabled">
          {endpoint.disabled_reason
            ? t("disabledBecause", { when: format.moment(endpoint.disabled_at, true), reason: endpoint.disabled_reason })
            : t("disabledByAdmin", { when: format.moment(endpoint.disabled_at, true) })}
        </p>
      )}
      <dl className="webhook-facts">
        <div>
          <dt>{t("fields.events")}</dt>
          <dd>
            <span className="chips">
              {endpoint.event_types.map((type) => (
                <span key={type} className="chip" title={t(`events.${type}`)}>
                  {type}
                </span>
              ))}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t("fields.secret")}</dt>
          <dd>
            {endpoint.previous_secret_expires_at ? t("secretRotating", { until: format.moment(endpoint.previous_secret_expires_at, true) }) : t("secretOne")}
          </dd>
        </div>
        <div>
          <dt>{t("fields.created")}</dt>
          <dd>{format.moment(endpoint.created_at)}</dd>
        </div>
      </dl>
      <div className="webhook-actions">
        <button
          type="button"
          className="btn btn-sm webhook-disclosure"
          aria-expanded={open}
          aria-controls={open ? logId : undefined}
          aria-label={t("deliveriesOf", { url })}
          onClick={() => setOpen(!open)}
        >
          <span className="disclosure-mark" aria-hidden="true">
            ▸
          </span>
          {t("deliveries")}
        </button>
        <label className="check webhook-switch">
          <input
            type="checkbox"
            role="switch"
            checked={asked ?? enabled}
            disabled={asked !== null}
            onChange={(e) => setEnabled(e.target.checked)}
            aria-label={t("sendEventsTo", { url })}
          />
          {t("sendEvents")}
        </label>
        <span className="webhook-actions-end">
          <button type="button" className="btn btn-sm" onClick={onEdit} aria-label={t("editNamed", { url })}>
            {t("edit")}
          </button>
          <button type="button" className="btn btn-sm" onClick={onRotate} aria-label={t("rotateNamed", { url })}>
            {t("rotate")}
          </button>
          <button type="button" className="btn btn-sm btn-danger-outline" onClick={onDelete} aria-label={t("deleteNamed", { url })}>
            {t("delete")}
          </button>
        </span>
      </div>
      {open && <DeliveryLog endpoint={endpoint} id={logId} />}
    </li>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/api/use-error-message";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { useToast } from "@/components/ui/toast";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { useDeliveryActions } from "./use-webhook-deliveries";
import type { Endpoint } from "./use-webhooks";

const HOUR = 3_600_000;

/** How far back a replay can start; events are kept 30 days (a minute less, so "30 days" is never refused as too old). */
const SINCE = [
  { label: "hour", ms: HOUR },
  { label: "sixHours", ms: 6 * HOUR },
  { label: "day", ms: 24 * HOUR },
  { label: "threeDays", ms: 72 * HOUR },
  { label: "week", ms: 168 * HOUR },
  { label: "month", ms: 720 * HOUR - 60_000 },
] as const;

/** "Replay since…": every event of the endpoint's types since a moment is sent again, with its own id. */
export function ReplayDialog({ endpoint, onClose }: { endpoint: Endpoint; onClose: () => void }) {
  const t = useTranslations("webhooks");
  const format = useDisplayFormat();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const { replay } = useDeliveryActions(endpoint.id);
  const [back, setBack] = useState<number>(24 * HOUR);
  const [now] = useState(() => Date.now());
  const [error, setError] = useState("");

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError("");
    try {
      const result = await replay.mutateAsync(Date.now() - back);
      toast.show(
        result.next_since === null
          ? t("replayed", { count: result.events })
          : t("replayMore", { count: result.events, when: format.moment(result.next_since, true) }),
      );
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Dialog open onClose={onClose} title={t("replayTitle")} description={t("replayDescription")}>
      <form onSubmit={submit} className="stack" noValidate>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <fieldset>
          <legend>{t("replayLegend")}</legend>
          <div className="stack-sm">
            {SINCE.map((s) => (
              <label key={s.label} className="check">
                <input type="radio" name="since" value={s.ms} checked={back === s.ms} onChange={() => setBack(s.ms)} />
                {t(`since.${s.label}`)}
              </label>
            ))}
          </div>
          <p className="field-hint">{t("sinceHint", { when: format.moment(now - back, true) })}</p>
        </fieldset>
        <DialogActions submitLabel={t("replayAction")} onCancel={onClose} pending={replay.isPending} lockCancel />
      </form>
    </Dialog>
  );
}

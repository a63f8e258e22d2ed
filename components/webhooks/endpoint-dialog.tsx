"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Field } from "@/components/ui/field";
import type { EventType } from "@/lib/webhooks/event-types.shared";
import { EventTypesFieldset } from "./event-types-fieldset";
import { useCreateWebhook, useUpdateWebhook, type Endpoint, type EndpointInput, type EndpointWithSecret } from "./use-webhooks";

const isUrl = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * Adds an endpoint (URL, description, event types; its secret comes back once, to `onCreated`)
 * or, given `endpoint`, changes those of an existing one.
 */
export function EndpointDialog({
  endpoint,
  onClose,
  onCreated,
  onSaved,
}: {
  endpoint?: Endpoint;
  onClose: () => void;
  onCreated?: (e: EndpointWithSecret) => void;
  onSaved?: (e: Endpoint) => void;
}) {
  const t = useTranslations("webhooks");
  const errorMessage = useErrorMessage();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [types, setTypes] = useState<EventType[]>(endpoint?.event_types ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** A field's error goes as soon as it is edited. */
  const edited = (field: string) => {
    if (errors[field]) setErrors((all) => Object.fromEntries(Object.entries(all).filter(([key]) => key !== field)));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!url.trim()) local.url = t("urlRequired");
    else if (!isUrl(url.trim())) local.url = t("urlInvalid");
    if (!types.length) local.event_types = t("eventsRequired");
    setErrors(local);
    if (Object.keys(local).length) return;
    const input: EndpointInput = { url: url.trim(), description: description.trim(), event_types: types };
    try {
      if (endpoint) onSaved?.(await update.mutateAsync({ id: endpoint.id, ...input }));
      else onCreated?.(await create.mutateAsync(input));
    } catch (err) {
      if (isApiError(err) && err.details.length) setErrors({ ...err.fieldErrors(), _: err.message });
      else setErrors({ _: errorMessage(err) });
    }
  };

  return (
    <Dialog open onClose={onClose} title={endpoint ? t("editTitle") : t("new")}>
      <form onSubmit={submit} className="stack" noValidate>
        {errors._ && (
          <p className="form-error" role="alert">
            {errors._}
          </p>
        )}
        <Field label={t("fields.url")} error={errors.url} hint={t("urlHint")}>
          {(p) => (
            <input
              {...p}
              className="input mono"
              type="url"
              inputMode="url"
              value={url}
              onChange={(e) => {
                setUrl(e.target.value);
                edited("url");
              }}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <Field label={t("fields.description")} error={errors.description} hint={t("descriptionHint")}>
          {(p) => (
            <input
              {...p}
              className="input"
              value={description}
              maxLength={500}
              onChange={(e) => {
                setDescription(e.target.value);
                edited("description");
              }}
              autoComplete="off"
            />
          )}
        </Field>
        <EventTypesFieldset
          value={types}
          onChange={(next) => {
            setTypes(next);
            edited("event_types");
          }}
          error={errors.event_types}
        />
        <DialogActions submitLabel={endpoint ? t("save") : t("create")} onCancel={onClose} pending={create.isPending || update.isPending} />
      </form>
    </Dialog>
  );
}

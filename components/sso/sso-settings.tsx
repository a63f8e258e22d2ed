"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useDeleteSsoConnection, usePutSsoConnection, useSsoConnection, type SsoConnection } from "./use-sso";

type Kind = "google" | "microsoft" | "other";

const MICROSOFT = /^https:\/\/login\.microsoftonline\.com\/([^/]+)\/v2\.0$/;

/** Which preset an issuer came from, for the form's first field. */
function kindOf(issuer: string): { kind: Kind; tenant: string } {
  if (issuer === "https://accounts.google.com") return { kind: "google", tenant: "" };
  const tenant = MICROSOFT.exec(issuer)?.[1];
  return tenant ? { kind: "microsoft", tenant } : { kind: "other", tenant: "" };
}

/** Settings → Single sign-on: the district's OpenID Connect provider, for administrators. */
export function SsoSettingsPage() {
  const t = useTranslations("sso");
  const connection = useSsoConnection();
  return (
    <section className="card" aria-labelledby="sso-title">
      <div className="card-head">
        <div>
          <h2 id="sso-title">{t("title")}</h2>
          <p>{t("description")}</p>
        </div>
      </div>
      {connection.isPending ? (
        <div className="card-body">
          <Skeleton lines={6} />
        </div>
      ) : connection.isError ? (
        <ErrorState error={connection.error} onRetry={() => connection.refetch()} title={t("couldNotLoad")} />
      ) : (
        <SsoForm key={connection.data?.updated_at ?? "new"} connection={connection.data} />
      )}
    </section>
  );
}

function SsoForm({ connection }: { connection: SsoConnection | null }) {
  const t = useTranslations("sso");
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const save = usePutSsoConnection();
  const remove = useDeleteSsoConnection();
  const initial = kindOf(connection?.issuer ?? "https://accounts.google.com");
  const [kind, setKind] = useState<Kind>(connection ? initial.kind : "google");
  const [tenant, setTenant] = useState(initial.tenant);
  const [issuer, setIssuer] = useState(initial.kind === "other" ? (connection?.issuer ?? "") : "");
  const [name, setName] = useState(connection?.name ?? "");
  const [clientId, setClientId] = useState(connection?.client_id ?? "");
  const [secret, setSecret] = useState("");
  const [domains, setDomains] = useState(connection?.domains.join(", ") ?? "");
  const [required, setRequired] = useState(connection?.require_sso === 1);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const fieldError = (path: string) => (isApiError(save.error) ? save.error.details.find((d) => d.path === path)?.message : undefined);
  const missing = {
    tenant: kind === "microsoft" && !tenant.trim(),
    issuer: kind === "other" && !issuer.trim(),
    name: kind === "other" && !name.trim(),
    clientId: !clientId.trim(),
    secret: !connection && !secret,
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.values(missing).some(Boolean)) return;
    save.mutate(
      {
        ...(kind === "other" ? { issuer: issuer.trim() } : { preset: kind }),
        ...(kind === "microsoft" ? { tenant: tenant.trim() } : {}),
        ...(name.trim() ? { name: name.trim() } : {}),
        client_id: clientId.trim(),
        ...(secret ? { client_secret: secret } : {}),
        domains: domains
          .split(/[\s,]+/)
          .map((d) => d.trim().toLowerCase())
          .filter(Boolean),
        require_sso: required ? 1 : 0,
      },
      { onSuccess: () => toast.show(t("saved")), onError: (error) => toast.show(errorMessage(error), "error") },
    );
  };

  // The dialog sits beside the form, not in it: a form inside a form submits both.
  return (
    <>
      <form className="card-body stack" onSubmit={onSubmit} noValidate>
        <Field label={t("kind")}>
          {(props) => (
            <select {...props} className="input" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              <option value="google">{t("kinds.google")}</option>
              <option value="microsoft">{t("kinds.microsoft")}</option>
              <option value="other">{t("kinds.other")}</option>
            </select>
          )}
        </Field>
        {kind === "microsoft" && (
          <Field label={t("tenant")} hint={t("tenantHint")} error={(submitted && missing.tenant ? t("required") : undefined) ?? fieldError("tenant")}>
            {(props) => <input {...props} className="input" value={tenant} onChange={(e) => setTenant(e.target.value)} autoComplete="off" />}
          </Field>
        )}
        {kind === "other" && (
          <Field label={t("issuer")} hint={t("issuerHint")} error={(submitted && missing.issuer ? t("required") : undefined) ?? fieldError("issuer")}>
            {(props) => <input {...props} className="input" type="url" value={issuer} onChange={(e) => setIssuer(e.target.value)} autoComplete="off" />}
          </Field>
        )}
        <Field label={t("name")} hint={t("nameHint")} error={(submitted && missing.name ? t("required") : undefined) ?? fieldError("name")}>
          {(props) => <input {...props} className="input" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} autoComplete="off" />}
        </Field>
        <Field label={t("clientId")} error={(submitted && missing.clientId ? t("required") : undefined) ?? fieldError("client_id")}>
          {(props) => <input {...props} className="input" value={clientId} onChange={(e) => setClientId(e.target.value)} autoComplete="off" />}
        </Field>
        <Field
          label={t("clientSecret")}
          hint={connection ? t("secretKept") : undefined}
          error={(submitted && missing.secret ? t("required") : undefined) ?? fieldError("client_secret")}
        >
          {(props) => (
            <input {...props} className="input" type="password" value={secret} onChange={(e) => setSecret(e.target.value)} autoComplete="new-password" />
          )}
        </Field>
        <Field
          label={t("domains")}
          hint={t("domainsHint")}
          error={fieldError("domains") ?? (isApiError(save.error) && save.error.status === 409 ? save.error.message : undefined)}
        >
          {(props) => <input {...props} className="input" value={domains} onChange={(e) => setDomains(e.target.value)} autoComplete="off" />}
        </Field>
        <label className="check check-top">
          <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} aria-describedby="require-sso-hint" />
          <span>{t("requireSso")}</span>
        </label>
        <p id="require-sso-hint" className="muted small">
          {t("requireSsoHint")}
        </p>
        {connection && (
          <dl className="stack small">
            <div>
              <dt>{t("redirectUri")}</dt>
              <dd>
                <code>{connection.redirect_uri}</code>
              </dd>
            </div>
            <div>
              <dt>{t("signInUrl")}</dt>
              <dd>
                <code>{connection.sign_in_url}</code>
              </dd>
            </div>
          </dl>
        )}
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
            {connection ? t("save") : t("connect")}
          </button>
          {connection && (
            <button type="button" className="btn btn-danger-outline" onClick={() => setConfirmRemove(true)}>
              {t("disconnect")}
            </button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={confirmRemove}
        onClose={() => setConfirmRemove(false)}
        title={t("disconnectTitle")}
        message={t("disconnectText")}
        confirmLabel={t("disconnect")}
        danger
        onConfirm={async () => {
          await remove.mutateAsync();
          toast.show(t("disconnected"));
        }}
      />
    </>
  );
}

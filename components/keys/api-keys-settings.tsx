"use client";

import { useRef, useState } from "react";
import { errorMessage, isApiError } from "@/components/api/api-fetch";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { formatDate } from "@/components/ui/format";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { SCOPES, useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKey, type NewApiKey, type Scope } from "./use-api-keys";

/** API keys: create (the key is shown once), list, revoke. */
export function ApiKeysSettings() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <section className="card" aria-labelledby="keys-title">
      <div className="card-head">
        <div>
          <h2 id="keys-title">API keys</h2>
          <p>Let other systems read or change your district&apos;s records. Each key can do only what its scopes allow.</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          New API key
        </button>
      </div>
      {keys.isPending ? (
        <div className="card-body">
          <Skeleton lines={4} />
        </div>
      ) : keys.isError ? (
        <ErrorState error={keys.error} onRetry={() => keys.refetch()} title="Could not load API keys" />
      ) : keys.data.length === 0 ? (
        <EmptyState
          title="No API keys yet"
          action={
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              Create your first key
            </button>
          }
        >
          Create a key for each system that needs access, with only the scopes it needs.
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table table-stack">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Scopes</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((k) => {
                const expired = k.expires_at !== null && k.expires_at < Date.now();
                return (
                  <tr key={k.id}>
                    <td data-label="Name">
                      <strong>{k.name}</strong>
                    </td>
                    <td data-label="Key" className="mono">
                      …{k.hint}
                    </td>
                    <td data-label="Scopes">
                      <span className="chips">
                        {k.scopes.map((s) => (
                          <span key={s} className="chip">
                            {s}
                          </span>
                        ))}
                      </span>
                    </td>
                    <td data-label="Created">{formatDate(k.created_at)}</td>
                    <td data-label="Last used">{k.last_used_at ? formatDate(k.last_used_at, true) : "Never"}</td>
                    <td data-label="Expires">
                      {expired ? <span className="badge badge-danger">Expired</span> : k.expires_at ? formatDate(k.expires_at) : "Never"}
                    </td>
                    <td className="actions">
                      <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                        Revoke
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(k) => {
          setCreating(false);
          setCreated(k);
        }}
      />
      <ShowKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Revoke “${revoking?.name}”?`}
        message="Systems using this key lose access at once. This cannot be undone; create a new key if they need access again."
        confirmLabel="Revoke key"
        danger
        onConfirm={async () => {
          if (!revoking) return;
          await revoke.mutateAsync(revoking.id);
          toast.show(`“${revoking.name}” was revoked.`);
        }}
      />
    </section>
  );
}

function CreateKeyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (k: NewApiKey) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Scope[]>(["read:people"]);
  const [expires, setExpires] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  const close = () => {
    setName("");
    setScopes(["read:people"]);
    setExpires("");
    setErrors({});
    onClose();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = "Give the key a name, such as the system that will use it.";
    if (!scopes.length) local.scopes = "Choose at least one scope.";
    const expiresAt = expires ? new Date(`${expires}T23:59:59`).getTime() : null;
    if (expiresAt !== null && expiresAt <= Date.now()) local.expires_at = "Choose a date in the future.";
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const key = await create.mutateAsync({ name: name.trim(), scopes, expires_at: expiresAt });
      setName("");
      setScopes(["read:people"]);
      setExpires("");
      onCreated(key);
    } catch (err) {
      if (isApiError(err) && err.details.length) setErrors({ ...err.fieldErrors(), _: err.message });
      else setErrors({ _: errorMessage(err) });
    }
  };

  return (
    <Dialog open={open} onClose={close} title="New API key">
      <form onSubmit={submit} className="stack" noValidate>
        {errors._ && (
          <p className="form-error" role="alert">
            {errors._}
          </p>
        )}
        <Field label="Name" error={errors.name} hint="For example: Payroll export.">
          {(p) => <input {...p} className="input" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
        </Field>
        <fieldset>
          <legend>Scopes</legend>
          <div className="stack-sm">
            {SCOPES.map((s) => (
              <label key={s.value} className="check">
                <input
                  type="checkbox"
                  checked={scopes.includes(s.value)}
                  onChange={(e) => setScopes(e.target.checked ? [...scopes, s.value] : scopes.filter((x) => x !== s.value))}
                />
                <span>
                  <code>{s.value}</code> <span className="muted">— {s.label}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.scopes && <p className="field-error">{errors.scopes}</p>}
        </fieldset>
        <Field label="Expires on (optional)" error={errors.expires_at} hint="Leave empty for a key that works until you revoke it.">
          {(p) => <input {...p} className="input" type="date" min={tomorrow} value={expires} onChange={(e) => setExpires(e.target.value)} style={{ maxWidth: 220 }} />}
        </Field>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
            Create key
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ShowKeyDialog({ created, onClose }: { created: NewApiKey | null; onClose: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
    } catch {
      input.current?.select();
      document.execCommand?.("copy");
    }
    setCopied(true);
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={created !== null} onClose={close} title="Your new API key" closeOnBackdrop={false}>
      <div className="stack">
        <p className="notice" role="note">
          <strong>Copy this key now.</strong> It is shown only once; we keep only a fingerprint of it. If you lose it, revoke it and create a new one.
        </p>
        <div className="field">
          <label className="field-label" htmlFor="new-api-key">
            API key for “{created?.name}”
          </label>
          <div className="key-box">
            <input
              ref={input}
              id="new-api-key"
              className="input"
              readOnly
              value={created?.key ?? ""}
              onFocus={(e) => e.currentTarget.select()}
              data-autofocus
              spellCheck={false}
            />
            <button type="button" className="btn btn-primary" onClick={copy}>
              {copied ? "Copied" : "Copy"}
            </button>
          </div>
          <p className="field-hint" aria-live="polite">
            {copied ? "The key is on your clipboard." : `Send it as the header: Authorization: Bearer <key>`}
          </p>
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={close}>
            I have stored the key
          </button>
        </div>
      </div>
    </Dialog>
  );
}

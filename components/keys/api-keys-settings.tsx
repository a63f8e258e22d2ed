"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { QueryStates } from "@/components/settings/query-states";
import { EmptyState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { useApiKeys, useRevokeApiKey, type ApiKey, type NewApiKey } from "./use-api-keys";

// Only once someone creates a key.
const CreateKeyDialog = dynamic(() => import("./create-key-dialog").then((m) => m.CreateKeyDialog));
const ShowKeyDialog = dynamic(() => import("./show-key-dialog").then((m) => m.ShowKeyDialog));
const RotateKeyDialog = dynamic(() => import("./rotate-key-dialog").then((m) => m.RotateKeyDialog));

/** API keys: create (the key is shown once), list with each working secret's last use, rotate, revoke. */
export function ApiKeysSettings() {
  const t = useTranslations("keys");
  const format = useDisplayFormat();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const [rotated, setRotated] = useState<{ key: NewApiKey; oldHint: string; graceSeconds: number } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  return (
    <section className="card" aria-labelledby="keys-title">
      <div className="card-head">
        <div>
          <h2 id="keys-title">{t("title")}</h2>
          <p>{t("description")}</p>
        </div>
        <button ref={newButton} type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          {t("new")}
        </button>
      </div>
      <QueryStates
        query={keys}
        errorTitle={t("couldNotLoad")}
        empty={
          keys.data?.length === 0 && (
            <EmptyState
              title={t("emptyTitle")}
              action={
                <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
                  {t("createFirst")}
                </button>
              }
            >
              {t("emptyText")}
            </EmptyState>
          )
        }
      >
        {(list) => (
          <div className="table-wrap">
            <table className="table table-stack">
              <thead>
                <tr>
                  <th scope="col">{t("columns.name")}</th>
                  <th scope="col">{t("columns.key")}</th>
                  <th scope="col">{t("columns.scopes")}</th>
                  <th scope="col">{t("columns.created")}</th>
                  <th scope="col">{t("columns.lastUsed")}</th>
                  <th scope="col">{t("columns.expires")}</th>
                  <th scope="col">
                    <span className="sr-only">{t("columns.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((k) => {
                  const expired = k.expires_at !== null && k.expires_at < Date.now();
                  return (
                    <tr key={k.id}>
                      <td data-label={t("columns.name")}>
                        <strong>{k.name}</strong>
                      </td>
                      <td data-label={t("columns.key")}>
                        <div>
                          <span className="mono">…{k.hint}</span>
                          {k.previous_secrets.map((p) => (
                            <span key={p.hint + p.expires_at} className="previous-secret small">
                              {t("previousSecret", { hint: p.hint, until: format.moment(p.expires_at, true) })}{" "}
                              <span className="muted">
                                {p.last_used_at ? t("previousLastUsed", { when: format.moment(p.last_used_at, true) }) : t("previousNeverUsed")}
                              </span>
                            </span>
                          ))}
                        </div>
                      </td>
                      <td data-label={t("columns.scopes")}>
                        <span className="chips">
                          {k.scopes.map((s) => (
                            <span key={s} className="chip">
                              {s}
                            </span>
                          ))}
                        </span>
                      </td>
                      <td data-label={t("columns.created")}>{format.moment(k.created_at)}</td>
                      <td data-label={t("columns.lastUsed")}>{k.last_used_at ? format.moment(k.last_used_at, true) : t("never")}</td>
                      <td data-label={t("columns.expires")}>
                        {expired ? <span className="badge badge-danger">{t("expired")}</span> : k.expires_at ? format.moment(k.expires_at) : t("never")}
                      </td>
                      <td className="actions">
                        {!expired && (
                          <button type="button" className="btn btn-sm" onClick={() => setRotating(k)} aria-label={t("rotateNamed", { name: k.name })}>
                            {t("rotate")}
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn btn-sm btn-danger-outline"
                          onClick={() => setRevoking(k)}
                          aria-label={t("revokeNamed", { name: k.name })}
                        >
                          {t("revoke")}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </QueryStates>

      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(k) => {
            setCreating(false);
            setCreated(k);
          }}
        />
      )}
      {created && (
        <ShowKeyDialog
          created={created}
          onClose={() => {
            setCreated(null);
            // The dialog that opened this one is gone: focus goes back to where keys are created, once this one has closed.
            requestAnimationFrame(() => newButton.current?.focus());
          }}
        />
      )}
      {rotating && (
        <RotateKeyDialog
          apiKey={rotating}
          onClose={() => setRotating(null)}
          onRotated={(key, graceSeconds) => {
            setRotated({ key, oldHint: rotating.hint, graceSeconds });
            setRotating(null);
          }}
        />
      )}
      {rotated && (
        <ShowKeyDialog
          created={rotated.key}
          rotation={{ oldHint: rotated.oldHint, graceSeconds: rotated.graceSeconds }}
          onClose={() => {
            setRotated(null);
            requestAnimationFrame(() => newButton.current?.focus());
          }}
        />
      )}
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t("revokeTitle", { name: revoking?.name ?? "" })}
        message={revoking?.previous_secrets.length ? `${t("revokeConsequence")} ${t("revokeAllSecrets")}` : t("revokeConsequence")}
        confirmLabel={t("revokeAction")}
        danger
        onConfirm={async () => {
          if (!revoking) return;
          await revoke.mutateAsync(revoking.id);
          toast.show(t("revoked", { name: revoking.name }));
        }}
      />
    </section>
  );
}

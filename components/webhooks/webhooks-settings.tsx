"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { QueryStates } from "@/components/settings/query-states";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { EndpointItem } from "./endpoint-item";
import { useDeleteWebhook, useRotateWebhookSecret, useWebhooks, type Endpoint, type EndpointWithSecret } from "./use-webhooks";

// Only once someone adds or edits an endpoint, or has a new secret to see.
const EndpointDialog = dynamic(() => import("./endpoint-dialog").then((m) => m.EndpointDialog));
const ShowSecretDialog = dynamic(() => import("./show-secret-dialog").then((m) => m.ShowSecretDialog));

/**
 * Webhooks: the district's endpoints (add one, its secret shown once; edit, enable or disable,
 * rotate the secret, delete), each with its delivery log, test event, redelivery and replay.
 * `linked` (from `?endpoint=`, the link of the "endpoint disabled" e-mail) is scrolled to with
 * its log open; a link to an endpoint deleted since says so.
 */
export function WebhooksSettings({ linked }: { linked?: string }) {
  const t = useTranslations("webhooks");
  const endpoints = useWebhooks();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Endpoint | null>(null);
  const [secret, setSecret] = useState<{ endpoint: EndpointWithSecret; rotated: boolean } | null>(null);
  const [rotating, setRotating] = useState<Endpoint | null>(null);
  const [deleting, setDeleting] = useState<Endpoint | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  return (
    <section className="card" aria-labelledby="webhooks-title">
      <div className="card-head">
        <div>
          <h2 id="webhooks-title">{t("title")}</h2>
          <p>{t("description")}</p>
        </div>
        <button ref={newButton} type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          {t("new")}
        </button>
      </div>
      <QueryStates query={endpoints} errorTitle={t("couldNotLoad")}>
        {(list) => (
          <>
            {linked && !list.some((e) => e.id === linked) && (
              <p className="notice webhook-linked-missing" role="status">
                {t("linkedMissing")}
              </p>
            )}
            {list.length === 0 ? (
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
            ) : (
              <ul className="webhook-list" aria-label={t("endpoints")}>
                {list.map((e) => (
                  <EndpointItem
                    key={e.id}
                    endpoint={e}
                    linked={e.id === linked}
                    onEdit={() => setEditing(e)}
                    onRotate={() => setRotating(e)}
                    onDelete={() => setDeleting(e)}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryStates>

      {creating && (
        <EndpointDialog
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setSecret({ endpoint: created, rotated: false });
          }}
        />
      )}
      {editing && (
        <EndpointDialog
          endpoint={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            toast.show(t("saved"));
          }}
        />
      )}
      {secret && (
        <ShowSecretDialog
          endpoint={secret.endpoint}
          rotated={secret.rotated}
          onClose={() => {
            setSecret(null);
            // The dialog that opened this one is gone: focus goes back to where endpoints are added, once this one has closed.
            requestAnimationFrame(() => newButton.current?.focus());
          }}
        />
      )}
      <ConfirmDialog
        open={rotating !== null}
        onClose={() => setRotating(null)}
        title={t("rotateTitle")}
        message={
          rotating?.previous_secret_expires_at
            ? `${t("rotateMessage", { url: rotating.url })} ${t("rotateAgain")}`
            : t("rotateMessage", { url: rotating?.url ?? "" })
        }
        confirmLabel={t("rotateAction")}
        onConfirm={async () => {
          if (!rotating) return;
          setSecret({ endpoint: await rotate.mutateAsync(rotating.id), rotated: true });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("deleteTitle")}
        message={t("deleteMessage", { url: deleting?.url ?? "" })}
        confirmLabel={t("deleteAction")}
        danger
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.show(t("deleted", { url: deleting.url }));
        }}
      />
    </section>
  );
}

"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { createContext, startTransition, use, useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { listChanged } from "@/components/api/list-changes";
import { useToast } from "@/components/ui/toast";
import type { ApiKey, NewApiKey } from "./api-key";
import { apiKeyKeys } from "./api-key-keys";

// Only once someone creates, rotates or revokes a key.
const CreateKeyDialog = dynamic(() => import("./create-key-dialog").then((m) => m.CreateKeyDialog));
const ShowKeyDialog = dynamic(() => import("./show-key-dialog").then((m) => m.ShowKeyDialog));
const RotateKeyDialog = dynamic(() => import("./rotate-key-dialog").then((m) => m.RotateKeyDialog));
const ConfirmDialog = dynamic(() => import("@/components/ui/confirm-dialog").then((m) => m.ConfirmDialog));

/** The id of the card's "New API key" button, where focus returns once a new secret has been shown. */
const NEW_KEY_BUTTON = "new-api-key-button";

type Actions = { create: () => void; rotate: (key: ApiKey) => void; revoke: (key: ApiKey) => void };
const ActionsContext = createContext<Actions>({ create: () => {}, rotate: () => {}, revoke: () => {} });

/**
 * The browser's part of the keys page (api-keys-settings.tsx, rendered on the server): create
 * (the key is shown once), rotate (the new secret shown once), revoke. Each change renders the
 * page again on the server, which lists it.
 */
export function KeysEditing({ children }: { children: React.ReactNode }) {
  const t = useTranslations("keys");
  const router = useRouter();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const [rotated, setRotated] = useState<{ key: NewApiKey; oldHint: string; graceSeconds: number } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const changed = () => {
    listChanged(apiKeyKeys.all);
    startTransition(() => router.refresh());
  };
  // The dialog that opened the shown secret's is gone: focus goes back to where keys are created, once it has closed.
  const backToNew = () => requestAnimationFrame(() => document.getElementById(NEW_KEY_BUTTON)?.focus());

  return (
    <ActionsContext value={{ create: () => setCreating(true), rotate: setRotating, revoke: setRevoking }}>
      {children}
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(k) => {
            setCreating(false);
            setCreated(k);
            changed();
          }}
        />
      )}
      {created && (
        <ShowKeyDialog
          created={created}
          onClose={() => {
            setCreated(null);
            backToNew();
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
            changed();
          }}
        />
      )}
      {rotated && (
        <ShowKeyDialog
          created={rotated.key}
          rotation={{ oldHint: rotated.oldHint, graceSeconds: rotated.graceSeconds }}
          onClose={() => {
            setRotated(null);
            backToNew();
          }}
        />
      )}
      {revoking && (
        <ConfirmDialog
          open
          onClose={() => setRevoking(null)}
          title={t("revokeTitle", { name: revoking.name })}
          message={revoking.previous_secrets.length ? `${t("revokeConsequence")} ${t("revokeAllSecrets")}` : t("revokeConsequence")}
          confirmLabel={t("revokeAction")}
          danger
          onConfirm={async () => {
            await apiFetch(`/api/keys/${encodeURIComponent(revoking.id)}`, { method: "DELETE" });
            changed();
            toast.show(t("revoked", { name: revoking.name }));
          }}
        />
      )}
    </ActionsContext>
  );
}

/** "New API key" in the card's head (`head`: the one focus returns to), or "Create the first key" in the empty state. */
export function NewKeyButton({ label, head = false }: { label: string; head?: boolean }) {
  const { create } = use(ActionsContext);
  return (
    <button id={head ? NEW_KEY_BUTTON : undefined} type="button" className="btn btn-primary" onClick={create}>
      {label}
    </button>
  );
}

/** A key's row's Rotate (not for an expired key) and Revoke, labelled with its name. */
export function KeyRowActions({ apiKey, expired }: { apiKey: ApiKey; expired: boolean }) {
  const t = useTranslations("keys");
  const { rotate, revoke } = use(ActionsContext);
  return (
    <>
      {!expired && (
        <button type="button" className="btn btn-sm" onClick={() => rotate(apiKey)} aria-label={t("rotateNamed", { name: apiKey.name })}>
          {t("rotate")}
        </button>
      )}
      <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => revoke(apiKey)} aria-label={t("revokeNamed", { name: apiKey.name })}>
        {t("revoke")}
      </button>
    </>
  );
}

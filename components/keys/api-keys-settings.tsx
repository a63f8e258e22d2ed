import { useTranslations } from "next-intl";
import type { PageData } from "@/app/(app)/_prefetch/prefetch-queries";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { DefinitionsRows } from "@/components/settings/definitions-rows";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import type { ApiKey } from "./api-key";
import { KeyRowActions, KeysEditing, NewKeyButton } from "./keys-editing";

/**
 * API keys, rendered on the server: each with its working secrets' last use, and its buttons
 * (create, rotate, revoke: KeysEditing's).
 */
export function ApiKeysSettings({ keys }: { keys: PageData<ApiKey[]> }) {
  const t = useTranslations("keys");
  const format = useDisplayFormat();
  const now = Date.now();
  const expired = (k: ApiKey) => k.expires_at !== null && k.expires_at < now;
  return (
    <KeysEditing>
      <section className="card" aria-labelledby="keys-title">
        <div className="card-head">
          <div>
            <h2 id="keys-title">{t("title")}</h2>
            <p>{t("description")}</p>
          </div>
          <NewKeyButton label={t("new")} head />
        </div>
        {!keys.ok ? (
          <LoadFailed title={t("couldNotLoad")} href="/settings/keys" />
        ) : keys.data.length === 0 ? (
          <EmptyState title={t("emptyTitle")} action={<NewKeyButton label={t("createFirst")} />}>
            {t("emptyText")}
          </EmptyState>
        ) : (
          <DefinitionsRows
            items={keys.data}
            actionsLabel={t("columns.actions")}
            actions={(k) => <KeyRowActions apiKey={k} expired={expired(k)} />}
            columns={[
              { label: t("columns.name"), cell: (k) => <strong>{k.name}</strong> },
              {
                label: t("columns.key"),
                cell: (k) => (
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
                ),
              },
              {
                label: t("columns.scopes"),
                cell: (k) => (
                  <span className="chips">
                    {k.scopes.map((s) => (
                      <span key={s} className="chip">
                        {s}
                      </span>
                    ))}
                  </span>
                ),
              },
              { label: t("columns.created"), cell: (k) => format.moment(k.created_at) },
              { label: t("columns.lastUsed"), cell: (k) => (k.last_used_at ? format.moment(k.last_used_at, true) : t("never")) },
              {
                label: t("columns.expires"),
                cell: (k) =>
                  expired(k) ? <span className="badge badge-danger">{t("expired")}</span> : k.expires_at ? format.moment(k.expires_at) : t("never"),
              },
            ]}
          />
        )}
      </section>
    </KeysEditing>
  );
}

import { useTranslations } from "next-intl";
import type { PageData } from "@/app/(app)/_prefetch/prefetch-queries";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailed } from "@/components/ui/load-failed";
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
                {keys.data.map((k) => {
                  const expired = k.expires_at !== null && k.expires_at < now;
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
                        <KeyRowActions apiKey={k} expired={expired} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </KeysEditing>
  );
}

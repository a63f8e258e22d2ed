"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import type { RoleKind, Permission } from "@/components/me/me";
import { DefinitionDialog } from "@/components/settings/definition-dialog";
import { Field } from "@/components/ui/field";
import { PERMISSIONS, ROLE_KINDS, type Role } from "./role";

/** Create (no `role`) or change a role: its name, kind and permissions. */
export function RoleDialog({ role, onClose, onSaved }: { role: Role | null; onClose: () => void; onSaved: () => void }) {
  const t = useTranslations("roles");
  const [name, setName] = useState(role?.name ?? "");
  const [kind, setKind] = useState<RoleKind>(role?.kind ?? "other");
  const [permissions, setPermissions] = useState<Permission[]>(role?.permissions ?? []);
  const [saving, setSaving] = useState(false);

  const save = async (trimmed: string) => {
    setSaving(true);
    try {
      const input = { name: trimmed, kind, permissions };
      await (role
        ? apiFetch<Role>(`/api/roles/${encodeURIComponent(role.id)}`, { method: "PATCH", body: input })
        : apiFetch<Role>("/api/roles", { method: "POST", body: input }));
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <DefinitionDialog namespace="roles" editing={role} name={name} onName={setName} save={save} saving={saving} onClose={onClose}>
      {(errors) => (
        <>
          <Field label={t("kindLabel")} error={errors.kind} hint={t("kindHint")}>
            {(p) => (
              <select {...p} className="select" value={kind} onChange={(e) => setKind(e.target.value as RoleKind)}>
                {ROLE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`kinds.${k}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset>
            <legend>{t("columns.permissions")}</legend>
            <div className="stack-sm">
              {PERMISSIONS.map((p) => (
                <label key={p} className="check">
                  <input
                    type="checkbox"
                    checked={kind === "admin" || permissions.includes(p)}
                    disabled={kind === "admin"}
                    onChange={(e) => setPermissions(e.target.checked ? [...permissions, p] : permissions.filter((x) => x !== p))}
                  />
                  {t(`permissions.${p}`)}
                </label>
              ))}
            </div>
            {kind === "admin" && <p className="field-hint">{t("adminHint")}</p>}
            {errors.permissions && <p className="field-error">{errors.permissions}</p>}
          </fieldset>
        </>
      )}
    </DefinitionDialog>
  );
}

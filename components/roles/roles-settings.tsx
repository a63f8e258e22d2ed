"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Permission, RoleKind } from "@/components/me/me";
import { DefinitionDialog } from "@/components/settings/definition-dialog";
import { DefinitionsCard } from "@/components/settings/definitions-card";
import { Field } from "@/components/ui/field";
import { PERMISSIONS, ROLE_KINDS, useDeleteRole, useRoles, useSaveRole, type Role } from "./use-roles";

/** Roles of the district: what kind each is and which permissions it grants. */
export function RolesSettings() {
  const t = useTranslations("roles");
  const roles = useRoles();
  const del = useDeleteRole();
  const [editing, setEditing] = useState<Role | "new" | null>(null);

  return (
    <DefinitionsCard
      namespace="roles"
      query={roles}
      columns={[
        { label: t("columns.name"), cell: (r) => <strong>{r.name}</strong> },
        { label: t("columns.kind"), cell: (r) => t(`kinds.${r.kind}`) },
        {
          label: t("columns.permissions"),
          cell: (r) =>
            r.kind === "admin" ? (
              <span className="muted">{t("allPermissions")}</span>
            ) : r.permissions.length ? (
              <span className="chips">
                {r.permissions.map((p) => (
                  <span key={p} className="chip">
                    {t(`permissions.${p}`)}
                  </span>
                ))}
              </span>
            ) : (
              <span className="muted">{t("noPermissions")}</span>
            ),
        },
      ]}
      onNew={() => setEditing("new")}
      onEdit={setEditing}
      remove={(id) => del.mutateAsync(id)}
    >
      {editing && <RoleDialog role={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </DefinitionsCard>
  );
}

function RoleDialog({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const t = useTranslations("roles");
  const save = useSaveRole();
  const [name, setName] = useState(role?.name ?? "");
  const [kind, setKind] = useState<RoleKind>(role?.kind ?? "other");
  const [permissions, setPermissions] = useState<Permission[]>(role?.permissions ?? []);

  return (
    <DefinitionDialog
      namespace="roles"
      editing={role}
      name={name}
      onName={setName}
      save={(trimmed) => save.mutateAsync({ id: role?.id, input: { name: trimmed, kind, permissions } })}
      saving={save.isPending}
      onClose={onClose}
    >
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

"use client";

import { useState } from "react";
import type { Permission, RoleKind } from "@/components/me/use-me";
import { Field } from "@/components/ui/field";
import { PERMISSION_LABELS, ROLE_KINDS, useDeleteRole, useRoles, useSaveRole, type Role } from "./use-roles";
import { DefinitionDialog } from "@/components/settings/definition-dialog";
import { DefinitionsCard } from "@/components/settings/definitions-card";

const kindLabel = (k: RoleKind) => ROLE_KINDS.find((x) => x.value === k)?.label ?? k;

/** Roles of the district: what kind each is and which permissions it grants. */
export function RolesSettings() {
  const roles = useRoles();
  const del = useDeleteRole();
  const [editing, setEditing] = useState<Role | "new" | null>(null);

  return (
    <DefinitionsCard
      noun="role"
      title="Roles"
      description="A role's kind decides what its holders see; permissions decide what they may change."
      emptyText="People need roles to see and do things. Start with an administrator role."
      query={roles}
      columns={[
        { label: "Name", cell: (r) => <strong>{r.name}</strong> },
        { label: "Kind", cell: (r) => kindLabel(r.kind) },
        {
          label: "Permissions",
          cell: (r) =>
            r.kind === "admin" ? (
              <span className="muted">All (administrator)</span>
            ) : r.permissions.length ? (
              <span className="chips">
                {r.permissions.map((p) => (
                  <span key={p} className="chip">
                    {PERMISSION_LABELS[p]}
                  </span>
                ))}
              </span>
            ) : (
              <span className="muted">None</span>
            ),
        },
      ]}
      onNew={() => setEditing("new")}
      onEdit={setEditing}
      deleteConsequence="A role can only be deleted when nobody holds it any more."
      remove={(id) => del.mutateAsync(id)}
    >
      {editing && <RoleDialog role={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </DefinitionsCard>
  );
}

function RoleDialog({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const save = useSaveRole();
  const [name, setName] = useState(role?.name ?? "");
  const [kind, setKind] = useState<RoleKind>(role?.kind ?? "other");
  const [permissions, setPermissions] = useState<Permission[]>(role?.permissions ?? []);

  return (
    <DefinitionDialog
      noun="role"
      editing={role}
      name={name}
      onName={setName}
      save={(trimmed) => save.mutateAsync({ id: role?.id, input: { name: trimmed, kind, permissions } })}
      saving={save.isPending}
      onClose={onClose}
    >
      {(errors) => (
        <>
          <Field label="Kind" error={errors.kind} hint="Administrators and board members see every interview; mentors see their candidates'.">
            {(p) => (
              <select {...p} className="select" value={kind} onChange={(e) => setKind(e.target.value as RoleKind)}>
                {ROLE_KINDS.map((k) => (
                  <option key={k.value} value={k.value}>
                    {k.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset>
            <legend>Permissions</legend>
            <div className="stack-sm">
              {(Object.keys(PERMISSION_LABELS) as Permission[]).map((p) => (
                <label key={p} className="check">
                  <input
                    type="checkbox"
                    checked={kind === "admin" || permissions.includes(p)}
                    disabled={kind === "admin"}
                    onChange={(e) => setPermissions(e.target.checked ? [...permissions, p] : permissions.filter((x) => x !== p))}
                  />
                  {PERMISSION_LABELS[p]}
                </label>
              ))}
            </div>
            {kind === "admin" && <p className="field-hint">Administrator roles hold every permission.</p>}
            {errors.permissions && <p className="field-error">{errors.permissions}</p>}
          </fieldset>
        </>
      )}
    </DefinitionDialog>
  );
}

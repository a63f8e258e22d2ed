"use client";

import { useState } from "react";
import { errorMessage, isApiError } from "@/components/api/api-fetch";
import type { Permission, RoleKind } from "@/components/me/use-me";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { PERMISSION_LABELS, ROLE_KINDS, useDeleteRole, useRoles, useSaveRole, type Role } from "./use-roles";
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
  const toast = useToast();
  const [name, setName] = useState(role?.name ?? "");
  const [kind, setKind] = useState<RoleKind>(role?.kind ?? "other");
  const [permissions, setPermissions] = useState<Permission[]>(role?.permissions ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: "Enter a name." });
    try {
      await save.mutateAsync({ id: role?.id, input: { name: name.trim(), kind, permissions } });
      toast.show(role ? "Role saved." : `The role “${name.trim()}” was created.`);
      onClose();
    } catch (err) {
      if (isApiError(err) && err.details.length) setErrors({ ...err.fieldErrors(), _: err.message });
      else setErrors({ _: errorMessage(err) });
    }
  };

  return (
    <Dialog open onClose={onClose} title={role ? `Edit “${role.name}”` : "New role"}>
      <form onSubmit={submit} className="stack" noValidate>
        {errors._ && (
          <p className="form-error" role="alert">
            {errors._}
          </p>
        )}
        <Field label="Name" error={errors.name}>
          {(p) => <input {...p} className="input" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
        </Field>
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
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
            {role ? "Save role" : "Create role"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

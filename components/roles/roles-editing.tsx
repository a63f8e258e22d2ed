"use client";

import dynamic from "next/dynamic";
import { DefinitionEditing } from "@/components/settings/definition-editing";
import type { Role } from "./role";
import { roleKeys } from "./role-keys";

// Only once someone creates or edits a role.
const RoleDialog = dynamic(() => import("./role-dialog").then((m) => m.RoleDialog));

/** The roles page's buttons: a role's dialog, and its deletion. */
export function RolesEditing({ children }: { children: React.ReactNode }) {
  return (
    <DefinitionEditing<Role>
      namespace="roles"
      path="/api/roles"
      cached={roleKeys.all}
      dialog={(role, close, saved) => <RoleDialog role={role} onClose={close} onSaved={saved} />}
    >
      {children}
    </DefinitionEditing>
  );
}

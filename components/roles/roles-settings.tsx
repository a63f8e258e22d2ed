import { useTranslations } from "next-intl";
import type { PageData } from "@/app/(app)/_prefetch/prefetch-queries";
import { DefinitionsTable } from "@/components/settings/definitions-table";
import type { Role } from "./role";
import { RolesEditing } from "./roles-editing";

/** Roles of the district: what kind each is and which permissions it grants. Rendered on the server; its buttons are RolesEditing's. */
export function RolesSettings({ roles }: { roles: PageData<Role[]> }) {
  const t = useTranslations("roles");
  return (
    <RolesEditing>
      <DefinitionsTable
        namespace="roles"
        loaded={roles}
        href="/settings/roles"
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
      />
    </RolesEditing>
  );
}

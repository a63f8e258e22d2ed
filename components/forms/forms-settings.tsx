"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import { DefinitionsCard } from "@/components/settings/definitions-card";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { useDeleteForm, useForms } from "./use-forms";

// Only once someone creates a form.
const NewFormDialog = dynamic(() => import("./new-form-dialog").then((m) => m.NewFormDialog));

/** /settings/forms: the district's interview forms, each opening its editor. */
export function FormsSettings() {
  const t = useTranslations("forms");
  const format = useDisplayFormat();
  const forms = useForms();
  const del = useDeleteForm();
  const [creating, setCreating] = useState(false);

  return (
    <DefinitionsCard
      namespace="forms"
      query={forms}
      columns={[
        {
          label: t("columns.name"),
          cell: (f) => (
            <Link href={`/settings/forms/${f.id}`} className="fd-form-link">
              {f.name}
            </Link>
          ),
        },
        {
          label: t("columns.fields"),
          cell: (f) => (f.fields.length ? t("fieldCount", { count: f.fields.length }) : <span className="muted">{t("noFields")}</span>),
        },
        {
          label: t("columns.private"),
          cell: (f) => {
            const privateCount = f.fields.filter((x) => x.p === 1).length;
            return privateCount ? (
              <span className="badge badge-warning">{t("privateCount", { count: privateCount })}</span>
            ) : (
              <span className="muted">{t("noPrivate")}</span>
            );
          },
        },
        { label: t("columns.changed"), cell: (f) => format.moment(f.updated_at) },
      ]}
      onNew={() => setCreating(true)}
      editHref={(f) => `/settings/forms/${f.id}`}
      remove={(id) => del.mutateAsync(id)}
    >
      {creating && <NewFormDialog onClose={() => setCreating(false)} />}
    </DefinitionsCard>
  );
}

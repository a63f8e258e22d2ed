"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { fullName } from "@/components/ui/format";
import { useToast } from "@/components/ui/toast";
import { useEndPersonSessions } from "./use-sso";

/** On a person's page, for administrators: sign the person out everywhere (DELETE /api/people/:id/sessions). */
export function PersonSessionsCard({ person }: { person: { id: string; first: string; last: string } }) {
  const t = useTranslations("sso");
  const toast = useToast();
  const end = useEndPersonSessions(person.id);
  const [confirm, setConfirm] = useState(false);
  const name = fullName(person);
  return (
    <section className="card" aria-labelledby="sessions-title">
      <div className="card-head">
        <h2 id="sessions-title">{t("sessions.title")}</h2>
      </div>
      <div className="card-body stack">
        <p className="small muted">{t("sessions.text")}</p>
        <div>
          <button type="button" className="btn btn-sm" onClick={() => setConfirm(true)} disabled={end.isPending}>
            {end.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
            {t("sessions.end")}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        title={t("sessions.confirmTitle", { name })}
        message={t("sessions.confirmText")}
        confirmLabel={t("sessions.end")}
        onConfirm={async () => {
          await end.mutateAsync();
          toast.show(t("sessions.ended", { name }));
        }}
      />
    </section>
  );
}

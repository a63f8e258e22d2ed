"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { peopleKeys } from "@/components/people/people-keys";
import type { PersonDetail } from "@/components/people/person-types";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { fullName } from "@/components/ui/format";
import { useToast } from "@/components/ui/toast";

/** "Their data", for administrators: the ZIP of everything held about the person, and erasing them on request. */
export function PersonDataCard({ person }: { person: PersonDetail }) {
  const t = useTranslations("retention");
  const qc = useQueryClient();
  const router = useRouter();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const name = fullName(person);

  const erase = async () => {
    await apiFetch(`/api/people/${encodeURIComponent(person.id)}/erase`, { method: "POST", body: { email: person.email } });
    qc.removeQueries({ queryKey: peopleKeys.detail(person.id) });
    await qc.invalidateQueries({ queryKey: peopleKeys.all });
    toast.show(t("person.erased", { name }));
    router.replace("/people");
  };

  return (
    <section className="card danger-zone" aria-labelledby="person-data-title">
      <div className="card-head">
        <h2 id="person-data-title">{t("person.title")}</h2>
      </div>
      <div className="card-body danger-actions">
        <div>
          <p className="small muted" style={{ flex: "1 1 180px" }}>
            {t("person.exportText")}
          </p>
          <a className="btn btn-sm" href={`/api/people/${encodeURIComponent(person.id)}/export`} download={`person-${person.id}.zip`}>
            {t("person.export")}
          </a>
        </div>
        <div>
          <p className="small muted" style={{ flex: "1 1 180px" }}>
            {t("person.eraseText")}
          </p>
          <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => setConfirming(true)}>
            {t("person.erase")}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("person.eraseTitle", { name })}
        message={
          <div className="stack">
            <p>{t("person.eraseGoes")}</p>
            <p>{t("person.eraseStays")}</p>
          </div>
        }
        confirmLabel={t("person.eraseAction")}
        danger
        confirmText={person.email}
        onConfirm={erase}
      />
    </section>
  );
}

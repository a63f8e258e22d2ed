"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import type { Person } from "@/components/people/person-types";
import { LazyConfirmDialog } from "@/components/interviews/lazy-confirm-dialog";
import { fullName } from "@/components/ui/format";
import { useToast } from "@/components/ui/toast";
import type { Interview } from "./interview-types";
import type { AutosaveStore } from "./use-autosave";
import { useUpdateInterview } from "./use-interviews";
import { listOf } from "./interview-format";

export function PublishActions({
  interview,
  name,
  mentors,
  privateCount,
  store,
}: {
  interview: Interview;
  name: string;
  mentors: Person[] | null;
  privateCount: number;
  store: AutosaveStore;
}) {
  const t = useTranslations("interviews.publish");
  const locale = useLocale();
  const toast = useToast();
  const update = useUpdateInterview(interview.person_id, interview.id);
  const [confirm, setConfirm] = useState<"publish" | "unpublish" | null>(null);
  const mentorNames = mentors?.map(fullName) ?? null;
  // Who reads a published interview: the candidate, and their mentors (by name when known).
  const who = mentorNames === null ? t("whoWithMentors", { name }) : t("who", { name, count: mentorNames.length, mentors: listOf(mentorNames, locale) });

  return (
    <div className="person-head-actions">
      {interview.published ? (
        <button type="button" className="btn" onClick={() => setConfirm("unpublish")}>
          {t("unpublish")}
        </button>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setConfirm("publish")}>
          {t("publish")}
        </button>
      )}
      <LazyConfirmDialog
        open={confirm === "publish"}
        onClose={() => setConfirm(null)}
        title={t("publishTitle")}
        message={
          <div className="stack-sm">
            <p>{t("publishConsequence", { who, private: privateCount })}</p>
            {mentorNames !== null && mentorNames.length === 0 && <p className="muted small">{t("noMentor", { name })}</p>}
            <p className="muted small">{t("canUnpublish")}</p>
          </div>
        }
        confirmLabel={t("publish")}
        onConfirm={async () => {
          await store.flush();
          if (store.hasUnsaved) throw new Error(t("unsavedAnswers"));
          await update.mutateAsync({ published: 1 });
          toast.show(t("published"));
        }}
      />
      <LazyConfirmDialog
        open={confirm === "unpublish"}
        onClose={() => setConfirm(null)}
        title={t("unpublishTitle")}
        message={t("unpublishConsequence", { who })}
        confirmLabel={t("unpublish")}
        onConfirm={async () => {
          await update.mutateAsync({ published: 0 });
          toast.show(t("unpublished"));
        }}
      />
    </div>
  );
}

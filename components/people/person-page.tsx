"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { PersonInterviewsCard } from "@/components/interviews/person-interviews-card";
import { PersonDataCard } from "@/components/retention/person-data-card";
import { PersonSessionsCard } from "@/components/sso/person-sessions-card";
import { audienceOf } from "@/components/me/audience";
import { hasPermission } from "@/components/me/me";
import { useMe } from "@/components/me/use-me";
import { useRoles } from "@/components/roles/use-roles";
import { useTags } from "@/components/tags/use-tags";
import { Avatar } from "@/components/ui/avatar";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { fullName } from "@/components/ui/format";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { PersonDetailsForm } from "./person-details-form";
import { PersonFilesCard } from "./person-files-card";
import { PersonPhotoCard } from "./person-photo-card";
import type { PersonDetail } from "./person-types";
import { roleNames } from "./role-summary";
import { useDeletePerson, useInvitePerson, useMentorChoices, usePerson, useUpdatePerson } from "./use-people";

export function PersonPage({ id }: { id: string }) {
  const t = useTranslations("people");
  const me = useMe();
  const person = usePerson(id);
  const roles = useRoles();
  const tags = useTags();
  const canEdit = hasPermission(me.data, "people:edit");
  const mentors = useMentorChoices(person.data?.mentors ?? [], canEdit);
  // Back to where this person is listed: the people list for staff, the start page otherwise.
  const audience = me.data ? audienceOf(me.data) : "staff";
  const back = { href: audience === "staff" ? "/people" : "/", label: t(`back.${audience}`) };

  if (person.isPending || roles.isPending || tags.isPending) {
    return (
      <div className="stack">
        <Skeleton lines={2} />
        <div className="card card-pad">
          <Skeleton lines={6} />
        </div>
      </div>
    );
  }
  if (person.isError) {
    if (isApiError(person.error) && person.error.status === 404) {
      return (
        <div className="card">
          <EmptyState
            heading
            title={t("notFound")}
            action={
              <Link href={back.href} className="btn">
                {back.label}
              </Link>
            }
          >
            {t("notFoundText")}
          </EmptyState>
        </div>
      );
    }
    return <ErrorState error={person.error} onRetry={() => person.refetch()} title={t("couldNotLoadOne")} />;
  }
  if (roles.isError || tags.isError) {
    return <ErrorState error={roles.error ?? tags.error} onRetry={() => (roles.refetch(), tags.refetch())} />;
  }

  const p = person.data;
  const formKey = JSON.stringify([p.first, p.last, p.email, p.language, p.roles, p.tags, p.mentors]);
  const byId = new Map(roles.data.map((r) => [r.id, r]));
  const names = roleNames(p.roles, byId);

  return (
    <>
      <Link href={back.href} className="back-link">
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      <div className="person-head">
        <Avatar first={p.first} last={p.last} src={p.photo_url} size={64} />
        <div className="person-head-text">
          <h1>
            {fullName(p)} {p.archived ? <span className="badge badge-warning">{t("archived")}</span> : null}
          </h1>
          <p>{names.length ? t("emailAndRoles", { email: p.email, roles: names.join(", ") }) : p.email}</p>
        </div>
        {canEdit && <InviteButton person={p} />}
      </div>
      <div className="person-grid">
        <div>
          <PersonDetailsForm key={formKey} person={p} roles={roles.data} tags={tags.data} mentorPool={mentors} canEdit={canEdit} />
          <PersonFilesCard personId={p.id} files={p.files ?? []} canEdit={canEdit} />
        </div>
        <div>
          <PersonPhotoCard person={p} canEdit={canEdit} />
          <PersonInterviewsCard person={p} />
          {canEdit && me.data?.person.id !== p.id && <DangerZone person={p} />}
          {me.data?.kinds.includes("admin") && me.data.person.id !== p.id && <PersonDataCard person={p} />}
          {me.data?.kinds.includes("admin") && me.data.person.id !== p.id && <PersonSessionsCard person={p} />}
        </div>
      </div>
    </>
  );
}

function InviteButton({ person }: { person: PersonDetail }) {
  const t = useTranslations("people");
  const errorMessage = useErrorMessage();
  const invite = useInvitePerson(person.id);
  const toast = useToast();
  return (
    <div className="person-head-actions">
      <button
        type="button"
        className="btn btn-primary"
        disabled={invite.isPending || person.archived === 1}
        title={person.archived ? t("restoreBeforeInvite") : undefined}
        onClick={() =>
          invite.mutate(undefined, {
            onSuccess: () => toast.show(t("invited", { email: person.email })),
            onError: (err) => toast.show(errorMessage(err), "error"),
          })
        }
      >
        {invite.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
        {t("invite")}
      </button>
    </div>
  );
}

function DangerZone({ person }: { person: PersonDetail }) {
  const t = useTranslations("people");
  const format = useDisplayFormat();
  const router = useRouter();
  const toast = useToast();
  const update = useUpdatePerson(person.id);
  const del = useDeletePerson(person.id);
  const [confirm, setConfirm] = useState<"archive" | "delete" | null>(null);
  const name = fullName(person);
  const archived = person.archived === 1;

  return (
    <section className="card danger-zone" aria-labelledby="danger-title">
      <div className="card-head">
        <h2 id="danger-title">{t("danger.title")}</h2>
      </div>
      <div className="card-body danger-actions">
        <div>
          <p className="small muted" style={{ flex: "1 1 180px" }}>
            {archived ? t("danger.restoreText") : t("danger.archiveText")}
          </p>
          <button type="button" className="btn btn-sm" onClick={() => setConfirm("archive")}>
            {archived ? t("danger.restore") : t("danger.archive")}
          </button>
        </div>
        <div>
          <p className="small muted" style={{ flex: "1 1 180px" }}>
            {t("danger.deleteText")}
          </p>
          <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => setConfirm("delete")}>
            {t("danger.delete")}
          </button>
        </div>
        <p className="muted small">{t("danger.added", { date: format.moment(person.created_at) })}</p>
      </div>
      <ConfirmDialog
        open={confirm === "archive"}
        onClose={() => setConfirm(null)}
        title={archived ? t("danger.restoreTitle", { name }) : t("danger.archiveTitle", { name })}
        message={archived ? t("danger.restoreConsequence") : t("danger.archiveConsequence")}
        confirmLabel={archived ? t("danger.restore") : t("danger.archive")}
        onConfirm={async () => {
          await update.mutateAsync({ archived: archived ? 0 : 1 });
          toast.show(archived ? t("danger.restored", { name }) : t("danger.archived", { name }));
        }}
      />
      <ConfirmDialog
        open={confirm === "delete"}
        onClose={() => setConfirm(null)}
        title={t("danger.deleteTitle", { name })}
        message={t("danger.deleteConsequence")}
        confirmLabel={t("danger.deleteAction")}
        danger
        confirmText={name}
        onConfirm={async () => {
          await del.mutateAsync();
          toast.show(t("danger.deleted", { name }));
          router.replace("/people");
        }}
      />
    </section>
  );
}

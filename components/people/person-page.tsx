"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage, isApiError } from "@/components/api/api-fetch";
import { PersonInterviewsCard } from "@/components/interviews/person-interviews-card";
import { hasPermission, useMe } from "@/components/me/use-me";
import { useRoles } from "@/components/roles/use-roles";
import { useTags } from "@/components/tags/use-tags";
import { Avatar } from "@/components/ui/avatar";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDate, fullName } from "@/components/ui/format";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { PersonDetailsForm } from "./person-details-form";
import { PersonFilesCard } from "./person-files-card";
import { PersonPhotoCard } from "./person-photo-card";
import type { PersonDetail } from "./person-types";
import { roleNames } from "./role-summary";
import { useDeletePerson, useInvitePerson, usePeople, usePerson, useUpdatePerson } from "./use-people";

export function PersonPage({ id }: { id: string }) {
  const me = useMe();
  const person = usePerson(id);
  const roles = useRoles();
  const tags = useTags();
  const people = usePeople();
  const canEdit = hasPermission(me.data, "people:edit");

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
          <EmptyState title="Person not found" action={<Link href="/people" className="btn">Back to people</Link>}>
            This person does not exist any more, or you are not allowed to see them.
          </EmptyState>
        </div>
      );
    }
    return <ErrorState error={person.error} onRetry={() => person.refetch()} title="Could not load this person" />;
  }
  if (roles.isError || tags.isError) {
    return <ErrorState error={roles.error ?? tags.error} onRetry={() => (roles.refetch(), tags.refetch())} />;
  }

  const p = person.data;
  const formKey = JSON.stringify([p.first, p.last, p.email, p.language, p.roles, p.tags, p.mentors]);
  const byId = new Map(roles.data.map((r) => [r.id, r]));

  return (
    <>
      <Link href="/people" className="back-link">
        <span aria-hidden="true">←</span> People
      </Link>
      <div className="person-head">
        <Avatar first={p.first} last={p.last} src={p.photo_url} size={64} />
        <div className="person-head-text">
          <h1>
            {fullName(p)} {p.archived ? <span className="badge badge-warning">Archived</span> : null}
          </h1>
          <p>
            {p.email}
            {roleNames(p.roles, byId).length ? ` · ${roleNames(p.roles, byId).join(", ")}` : ""}
          </p>
        </div>
        {canEdit && <InviteButton person={p} />}
      </div>
      <div className="person-grid">
        <div>
          <PersonDetailsForm key={formKey} person={p} roles={roles.data} tags={tags.data} people={people.data ?? []} canEdit={canEdit} />
          <PersonFilesCard personId={p.id} files={p.files ?? []} canEdit={canEdit} />
        </div>
        <div>
          <PersonPhotoCard person={p} canEdit={canEdit} />
          <InterviewsCard person={p} />
          {canEdit && me.data?.person.id !== p.id && <DangerZone person={p} />}
        </div>
      </div>
    </>
  );
}

function InviteButton({ person }: { person: PersonDetail }) {
  const invite = useInvitePerson(person.id);
  const toast = useToast();
  return (
    <div className="person-head-actions">
      <button
        type="button"
        className="btn btn-primary"
        disabled={invite.isPending || person.archived === 1}
        title={person.archived ? "Restore this person before inviting them." : undefined}
        onClick={() =>
          invite.mutate(undefined, {
            onSuccess: () => toast.show(`Invitation sent to ${person.email}.`),
            onError: (err) => toast.show(errorMessage(err), "error"),
          })
        }
      >
        {invite.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
        Send invitation
      </button>
    </div>
  );
}

function InterviewsCard({ person }: { person: PersonDetail }) {
  return <PersonInterviewsCard person={person} />;
}

function DangerZone({ person }: { person: PersonDetail }) {
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
        <h2 id="danger-title">Archive or delete</h2>
      </div>
      <div className="card-body danger-actions">
        <div>
          <p className="small muted" style={{ flex: "1 1 180px" }}>
            {archived ? "Restored people can sign in again." : "Archived people are hidden from lists and cannot sign in."}
          </p>
          <button type="button" className="btn btn-sm" onClick={() => setConfirm("archive")}>
            {archived ? "Restore" : "Archive"}
          </button>
        </div>
        <div>
          <p className="small muted" style={{ flex: "1 1 180px" }}>
            Deleting removes the person with their files and interviews, for good.
          </p>
          <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => setConfirm("delete")}>
            Delete person
          </button>
        </div>
        <p className="muted small">Added {formatDate(person.created_at)}</p>
      </div>
      <ConfirmDialog
        open={confirm === "archive"}
        onClose={() => setConfirm(null)}
        title={archived ? `Restore ${name}?` : `Archive ${name}?`}
        message={
          archived
            ? "They will show in lists again and can sign in."
            : "They will be signed out, hidden from lists and unable to sign in. Their records are kept and you can restore them later."
        }
        confirmLabel={archived ? "Restore" : "Archive"}
        onConfirm={async () => {
          await update.mutateAsync({ archived: archived ? 0 : 1 });
          toast.show(archived ? `${name} was restored.` : `${name} was archived.`);
        }}
      />
      <ConfirmDialog
        open={confirm === "delete"}
        onClose={() => setConfirm(null)}
        title={`Delete ${name}?`}
        message="This permanently deletes the person, their files, photo and interviews. It cannot be undone."
        confirmLabel="Delete permanently"
        danger
        confirmText={name}
        onConfirm={async () => {
          await del.mutateAsync();
          toast.show(`${name} was deleted.`);
          router.replace("/people");
        }}
      />
    </section>
  );
}

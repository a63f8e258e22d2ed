"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useBoards } from "@/components/boards/use-boards";
import { hasPermission } from "@/components/me/me";
import { useMe } from "@/components/me/use-me";
import type { PersonDetail } from "@/components/people/person-types";
import { useProfiles } from "@/components/profiles/use-profiles";
import { useDisplayFormat } from "@/components/ui/use-display-format";

/** The person page's interviews: date, board, profile, status; editors start a new one from here. */
export function PersonInterviewsCard({ person }: { person: PersonDetail }) {
  const t = useTranslations("interviews");
  const format = useDisplayFormat();
  const me = useMe();
  const boards = useBoards();
  const profiles = useProfiles();
  const canEdit = hasPermission(me.data, "interviews:edit");
  const interviews = person.interviews ?? [];
  const boardName = (id: string | null) => (id ? boards.data?.find((b) => b.id === id)?.name : undefined);
  const profileName = (id: string | null) => (id ? profiles.data?.find((p) => p.id === id)?.name : undefined);

  return (
    <section className="card" aria-labelledby="interviews-title">
      <div className="card-head">
        <h2 id="interviews-title">{t("title")}</h2>
        {canEdit && (
          <Link href={`/interviews?new=${encodeURIComponent(person.id)}`} className="btn btn-sm">
            <span aria-hidden="true">+</span> {t("new")}
          </Link>
        )}
      </div>
      <div className="card-body">
        {interviews.length === 0 ? (
          <p className="muted">{canEdit ? t("personEmptyEditor") : me.data?.sees_all_interviews ? t("personEmpty") : t("personEmptyPublished")}</p>
        ) : (
          <ul className="interview-list iv-person-list">
            {interviews.map((i) => {
              const meta = [boardName(i.board_id), profileName(i.profile_id)].filter(Boolean).join(" · ");
              return (
                <li key={i.id}>
                  <Link href={`/interviews/${encodeURIComponent(person.id)}/${encodeURIComponent(i.id)}`}>
                    <span className="iv-person-item">
                      <time dateTime={i.date}>{format.day(i.date, "long")}</time>
                      {meta && <span className="muted small">{meta}</span>}
                    </span>
                    {i.published ? <span className="badge badge-success">{t("published")}</span> : <span className="badge badge-warning">{t("draft")}</span>}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

import { useTranslations } from "next-intl";
import Link from "next/link";
import type { PageData } from "@/app/(app)/_prefetch/prefetch-queries";
import type { Audience } from "@/components/me/audience";
import { hasPermission, type Me } from "@/components/me/me";
import { EmptyState } from "@/components/ui/empty-state";
import { ListPages } from "@/components/ui/list-pages";
import { LoadFailed } from "@/components/ui/load-failed";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { hasInterviewFilter, interviewFiltersQuery, type InterviewFilters } from "./interview-list-filters";
import type { InterviewSummary } from "./interview-types";
import { InterviewsSearch, NewInterviewButton } from "./interviews-list-islands";

/** Rows a page of the list shows; the next ones are a link away. */
export const INTERVIEWS_PAGE_ROWS = 100;

/** Where the list's filters and pages live: a start page at `/` shows its defaults, and a change goes here. */
const LIST_PATH = "/interviews";

type Named = { id: string; name: string };

type Props = {
  me: Me;
  filters: InterviewFilters;
  interviews: PageData<InterviewSummary[]>;
  /** The candidates of the page's interviews by id (GET /api/people?ids=). */
  names: Map<string, string>;
  boards: Named[];
  profiles: Named[];
  forms: Named[];
  /** `?new=<personId>` (a person's page's "New interview"): the dialog opens with them chosen. */
  newFor: string | null;
};

/** Whose interviews the list holds: staff see every one, drafts included; others the published ones they may read. */
function listAudience(me: Me): Audience {
  if (me.sees_all_interviews) return "staff";
  return me.kinds.includes("mentor") ? "mentor" : "candidate";
}

/**
 * The interviews list, rendered on the server a page at a time from the filters in its address
 * (GET /api/interviews with `q`, `board_id`, `published`, `from`, `to`, `limit` and `cursor`),
 * naming the page's candidates by id. Only the toolbar and "New interview" hydrate.
 */
export function InterviewsList({ me, filters, interviews, names, boards, profiles, forms, newFor }: Props) {
  const t = useTranslations("interviews");
  const format = useDisplayFormat();
  const audience = listAudience(me);
  const canEdit = hasPermission(me, "interviews:edit");
  const rows = interviews.ok ? interviews.data : [];
  const next = interviews.ok ? interviews.next : null;
  const nameOf = (list: Named[]) => new Map(list.map((x) => [x.id, x.name]));
  const [boardNames, profileNames, formNames] = [nameOf(boards), nameOf(profiles), nameOf(forms)];
  const pageHref = (after: string) => `${LIST_PATH}${interviewFiltersQuery({ ...filters, after })}`;
  const rangeWrong = Boolean(filters.from && filters.to && filters.from > filters.to);

  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t(`${audience}.title`)}</h1>
          <p>{t(`${audience}.lead`)}</p>
        </div>
        {canEdit && <NewInterviewButton label={t("new")} newFor={newFor} />}
      </div>

      <div className="card">
        <InterviewsSearch
          listPath={LIST_PATH}
          filters={filters}
          audience={audience}
          boards={audience === "staff" && boards.length > 0 ? boards : null}
          summary={!interviews.ok ? null : next || filters.after ? t("pageOfList", { shown: rows.length }) : t("count", { count: rows.length })}
        >
          {!interviews.ok ? (
            <LoadFailed title={t("couldNotLoad")} href={LIST_PATH} />
          ) : (
            <>
              {rangeWrong && (
                <p className="notice iv-inline-notice" role="alert">
                  {t("rangeWrong")}
                </p>
              )}
              {rows.length === 0 ? (
                hasInterviewFilter(filters) || filters.after ? (
                  <EmptyState title={t("noMatch")}>{t.rich("noMatchText", { clear: (chunks) => <Link href={LIST_PATH}>{chunks}</Link> })}</EmptyState>
                ) : (
                  <EmptyState title={t(`${audience}.emptyTitle`)} action={canEdit ? <NewInterviewButton label={t("startFirst")} newFor={null} /> : undefined}>
                    {canEdit ? t("emptyEditor") : t(`${audience}.empty`)}
                  </EmptyState>
                )
              ) : (
                <>
                  <div className="iv-row-head" aria-hidden="true">
                    <span>{audience === "candidate" ? t("fields.interview") : t("fields.candidate")}</span>
                    <span>{t("fields.date")}</span>
                    <span>{t("fields.board")}</span>
                    <span>{t("fields.profileAndForm")}</span>
                    <span>{t("fields.status")}</span>
                  </div>
                  <ul className="iv-list" aria-label={t("title")}>
                    {rows.map((i) => {
                      const profile = i.profile_id ? (profileNames.get(i.profile_id) ?? null) : null;
                      const form = i.form_id ? (formNames.get(i.form_id) ?? null) : null;
                      return (
                        <li key={i.id} className="iv-row">
                          {/* Not prefetched: an interview is rendered per request, and a phone scrolling a long list would ask for every row's. */}
                          <Link href={`/interviews/${encodeURIComponent(i.person_id)}/${encodeURIComponent(i.id)}`} prefetch={false} className="iv-row-link">
                            <span className="iv-row-name">{names.get(i.person_id) ?? t("unknownPerson")}</span>
                            <span className="iv-row-date">
                              <time dateTime={i.date}>{format.day(i.date)}</time>
                            </span>
                            <span className="iv-row-board">
                              {i.board_id ? (boardNames.get(i.board_id) ?? t("unknownBoard")) : <span className="muted">{t("noBoard")}</span>}
                            </span>
                            <span className="iv-row-form">
                              {profile || form ? (
                                <>
                                  {profile && <span>{profile}</span>}
                                  {form && form !== profile && <span className={profile ? "muted small" : undefined}>{form}</span>}
                                </>
                              ) : (
                                <span className="muted">{t("noForm")}</span>
                              )}
                            </span>
                            <span className="iv-row-status">
                              {i.published ? (
                                <span className="badge badge-success">{t("published")}</span>
                              ) : (
                                <span className="badge badge-warning">{t("draft")}</span>
                              )}
                            </span>
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                </>
              )}
              <ListPages
                label={t("pagesLabel")}
                first={filters.after ? { href: pageHref(""), label: t("firstPage") } : null}
                next={next ? { href: pageHref(next), label: t("nextPage") } : null}
              />
            </>
          )}
        </InterviewsSearch>
      </div>
    </>
  );
}

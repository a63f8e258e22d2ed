"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { FormField } from "@/components/forms/form-types";
import { usePeopleNamed } from "@/components/people/use-people";
import { fullName } from "@/components/ui/format";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { BoardScorecards } from "./board-scorecards";
import { useScorecardEvents, useScorecards } from "./use-scorecards";
import { YourScorecard } from "./your-scorecard";

/**
 * The scorecards on an interview's page: a board member's own (to fill, then read), and the
 * others' once the reader may see them (their own submitted, or an admin). The server applies the
 * blind rule; this only lays out what it answers.
 */
export function ScorecardsSection({
  personId,
  interviewId,
  meId,
  member,
  admin,
  fields,
  language,
}: {
  personId: string;
  interviewId: string;
  meId: string;
  member: boolean;
  admin: boolean;
  fields: FormField[];
  language: string;
}) {
  const t = useTranslations("scorecards");
  const scorecards = useScorecards(personId, interviewId, member || admin);
  const members = useMemo(() => (scorecards.data ?? []).map((c) => c.member_id), [scorecards.data]);
  const named = usePeopleNamed(members);
  useScorecardEvents(personId, interviewId, member || admin);

  if (scorecards.isPending) {
    return (
      <section className="card card-pad" aria-busy="true" aria-label={t("yourTitle")}>
        <Skeleton lines={5} />
      </section>
    );
  }
  if (scorecards.isError) return <ErrorState error={scorecards.error} onRetry={() => scorecards.refetch()} title={t("couldNotLoad")} />;

  const cards = scorecards.data;
  const own = member ? cards.find((c) => c.member_id === meId) : undefined;
  const seesOthers = admin || own?.submitted === 1;
  return (
    <>
      {member && (
        <YourScorecard key={own?.submitted ?? 0} personId={personId} interviewId={interviewId} memberId={meId} card={own} fields={fields} language={language} />
      )}
      {seesOthers && (
        <BoardScorecards
          personId={personId}
          interviewId={interviewId}
          cards={cards}
          ownId={member ? meId : null}
          admin={admin}
          nameOf={(id) => {
            const member = named.byId.get(id);
            return member ? fullName(member) : named.loading ? "…" : t("someMember");
          }}
          fields={fields}
          language={language}
        />
      )}
    </>
  );
}

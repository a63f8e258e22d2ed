import type { Ctx } from "@/lib/auth/context";
import type { Tally } from "@/lib/interviews/schemas";

/*
 * Who sees which scorecard: the one rule of board scorecards, read by the API, the interview's
 * tally, realtime and webhooks alike. Scorecards are blind until submitted: a board member sees
 * their own, and the others' submitted ones only once theirs is submitted (before that, not even
 * whether another exists). Admins (and API keys, which act with admin visibility) see every
 * scorecard, drafts included. Nobody else sees any.
 */

/** 1 = strong no, 2 = no, 3 = yes, 4 = strong yes. */
export const RECOMMENDATIONS = [1, 2, 3, 4] as const;
type Recommendation = (typeof RECOMMENDATIONS)[number];

/** An admin-kind role, or an API key: sees every scorecard at any time. */
export const seesEveryScorecard = (ctx: Ctx) => ctx.actor.type === "key" || ctx.actor.kinds.has("admin");

/** What the rule needs to know of a scorecard. */
type Card = { memberId: string; submittedAt: Date | null };

/** Who reads: an admin, a member of the interview's board (by person id), or neither. */
export type Reader = { admin: boolean; memberId: string | null };

/** The scorecards `reader` may see among `cards` (all of one interview). */
export function visibleScorecards<T extends Card>(reader: Reader, cards: T[]): T[] {
  if (reader.admin) return cards;
  if (!reader.memberId) return [];
  const own = cards.find((c) => c.memberId === reader.memberId);
  if (!own?.submittedAt) return own ? [own] : [];
  return cards.filter((c) => c === own || c.submittedAt);
}

/** Whether `reader` may read every submitted scorecard, and so the tally of their recommendations. */
export function seesSubmittedScorecards(reader: Reader, cards: Card[]): boolean {
  return reader.admin || Boolean(reader.memberId && cards.some((c) => c.memberId === reader.memberId && c.submittedAt));
}

/** How many of the submitted scorecards recommend each value (drafts do not count). */
export function tallyOf(cards: { recommendation: number | null; submittedAt: Date | null }[]): Tally {
  const tally: Tally = { "1": 0, "2": 0, "3": 0, "4": 0 };
  for (const c of cards) {
    if (c.submittedAt && c.recommendation && RECOMMENDATIONS.includes(c.recommendation as Recommendation)) tally[String(c.recommendation) as keyof Tally]++;
  }
  return tally;
}

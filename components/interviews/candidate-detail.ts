import { seesAllPeople, type Me } from "@/components/me/me";

/**
 * Whether an interview's page shows the reader the candidate's details (and their mentors), as
 * staff who see every interview and every person get them. The others get the candidate's name.
 * The page's server half prefetches what its browser half asks, by this one rule.
 */
export const candidateDetailFor = (me: Me | null | undefined) => Boolean(me?.sees_all_interviews && seesAllPeople(me));

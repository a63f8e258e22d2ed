import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { CandidateHome } from "@/components/home/candidate-home";
import { MentorHome } from "@/components/home/mentor-home";
import { audienceOf, staffStartPath } from "@/components/me/audience";
import { PeopleListPage } from "@/components/people/people-list-page";
import type { Me } from "@/components/me/me";
import { pageMe } from "@/lib/pages/page-me";

/** Staff who start with the people list get it here, as it is at /people: no redirect's round trip (about 0.6 s on a phone's network). */
const startsWithPeople = (me: Me | null) => Boolean(me && audienceOf(me) === "staff" && staffStartPath(me) === "/people");

export async function generateMetadata(): Promise<Metadata> {
  if (startsWithPeople(await pageMe())) return { title: (await getTranslations("people"))("title") };
  return { title: (await getTranslations("home"))("title") };
}

/** `/`: where each person's work is. Staff go to it; mentors and candidates have their own start page. */
export default async function Home() {
  const me = await pageMe();
  if (!me) return null; // the layout sends the visitor to the sign-in page
  if (startsWithPeople(me)) return <PeopleListPage />;
  const audience = audienceOf(me);
  if (audience === "staff") redirect(staffStartPath(me));
  return audience === "mentor" ? <MentorHome /> : <CandidateHome />;
}

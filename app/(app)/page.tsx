import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { CandidateHome } from "@/components/home/candidate-home";
import { MentorHome } from "@/components/home/mentor-home";
import { audienceOf, staffStartPath } from "@/components/me/audience";
import { pageMe } from "@/lib/pages/page-me";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("home"))("title") };
}

/** `/`: where each person's work is. Staff go to it; mentors and candidates have their own start page. */
export default async function Home() {
  const me = await pageMe();
  if (!me) return null; // the layout sends the visitor to the sign-in page
  const audience = audienceOf(me);
  if (audience === "staff") redirect(staffStartPath(me));
  return audience === "mentor" ? <MentorHome /> : <CandidateHome />;
}

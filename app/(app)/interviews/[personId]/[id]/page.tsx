import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InterviewPage } from "@/components/interviews/interview-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("interviews"))("interviewTitle") };
}

export default async function Page({ params }: { params: Promise<{ personId: string; id: string }> }) {
  const { personId, id } = await params;
  return <InterviewPage personId={personId} id={id} />;
}

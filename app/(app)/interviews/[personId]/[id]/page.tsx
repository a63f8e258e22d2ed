import type { Metadata } from "next";
import { InterviewPage } from "@/components/interviews/interview-page";

export const metadata: Metadata = { title: "Interview" };

export default async function Page({ params }: { params: Promise<{ personId: string; id: string }> }) {
  const { personId, id } = await params;
  return <InterviewPage personId={personId} id={id} />;
}

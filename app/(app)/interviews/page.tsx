import type { Metadata } from "next";
import { Suspense } from "react";
import { InterviewsListPage } from "@/components/interviews/interviews-list-page";
import { SkeletonRows } from "@/components/ui/states";

export const metadata: Metadata = { title: "Interviews" };

// The list reads its filters from the query string (useSearchParams), hence the Suspense boundary.
export default function InterviewsPage() {
  return (
    <Suspense fallback={<SkeletonRows rows={8} />}>
      <InterviewsListPage />
    </Suspense>
  );
}

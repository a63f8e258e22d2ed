import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Prefetched } from "@/app/(app)/_prefetch/prefetched";
import { apiQueries } from "@/components/api/api-queries";
import { FormEditor } from "@/components/forms/form-editor";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("forms"))("editTitle") };
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Prefetched queries={[apiQueries.form(id)]}>
      <FormEditor id={id} />
    </Prefetched>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Prefetched } from "@/app/(app)/_prefetch/prefetched";
import { apiQueries } from "@/components/api/api-queries";
import { FormEditor } from "@/components/forms/form-editor";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("forms"))("editTitle") };
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <ClientMessages namespaces={["forms", "languages", "ui"]}>
      <Prefetched queries={[apiQueries.form(id)]}>
        <FormEditor id={id} />
      </Prefetched>
    </ClientMessages>
  );
}

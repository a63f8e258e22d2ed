import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FormEditor } from "@/components/forms/form-editor";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("forms"))("editTitle") };
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <FormEditor id={id} />;
}

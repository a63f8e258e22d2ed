import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PersonPage } from "@/components/people/person-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("people"))("personTitle") };
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PersonPage id={id} />;
}

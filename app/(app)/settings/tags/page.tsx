import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TagsSettings } from "@/components/tags/tags-settings";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("tags"))("title") };
}

export default function Page() {
  return <TagsSettings />;
}

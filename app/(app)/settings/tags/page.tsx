import type { Metadata } from "next";
import { TagsSettings } from "@/components/tags/tags-settings";

export const metadata: Metadata = { title: "Tags" };

export default function Page() {
  return <TagsSettings />;
}

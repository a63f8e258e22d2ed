import type { Metadata } from "next";
import { FormsSettings } from "@/components/forms/forms-settings";

export const metadata: Metadata = { title: "Forms" };

export default function Page() {
  return <FormsSettings />;
}

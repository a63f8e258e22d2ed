import type { Metadata } from "next";
import { ProfilesSettings } from "@/components/profiles/profiles-settings";

export const metadata: Metadata = { title: "Profiles" };

export default function Page() {
  return <ProfilesSettings />;
}

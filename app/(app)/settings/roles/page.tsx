import type { Metadata } from "next";
import { RolesSettings } from "@/components/roles/roles-settings";

export const metadata: Metadata = { title: "Roles" };

export default function Page() {
  return <RolesSettings />;
}

import type { Metadata } from "next";
import { ApiKeysSettings } from "@/components/keys/api-keys-settings";

export const metadata: Metadata = { title: "API keys" };

export default function Page() {
  return <ApiKeysSettings />;
}

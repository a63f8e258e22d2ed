import { redirect } from "next/navigation";
import { SETTINGS_LINKS } from "@/components/settings/settings-links";

export default function SettingsIndex() {
  redirect(SETTINGS_LINKS[0].href);
}

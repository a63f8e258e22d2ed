import type { Audience } from "@/components/me/audience";
import type { Permission } from "@/components/me/me";
import { SETTINGS_LINKS } from "@/components/settings/settings-links";

/**
 * The main navigation, in order. A link shows to the audiences listed (and, with
 * `permission`, only to its holders); `label` is a message key, in the namespace of the
 * feature that owns the page; `section`, when the link leads into a section, is the path it is
 * marked current under. Adding a page is adding a line here.
 */
export const NAV_LINKS: { href: string; label: string; audiences: Audience[]; permission?: Permission; section?: string }[] = [
  { href: "/", label: "shell.nav.home", audiences: ["candidate"] },
  { href: "/", label: "shell.nav.candidates", audiences: ["mentor"] },
  { href: "/people", label: "shell.nav.people", audiences: ["staff"] },
  { href: "/interviews", label: "shell.nav.interviews", audiences: ["staff", "mentor", "candidate"] },
  { href: "/messages", label: "chat.nav", audiences: ["staff", "mentor", "candidate"] },
  // Straight to the first settings page (no redirect from /settings); marked on every page of the section.
  { href: SETTINGS_LINKS[0].href, section: "/settings", label: "shell.nav.settings", audiences: ["staff"], permission: "settings" },
];

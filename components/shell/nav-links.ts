import type { Audience } from "@/components/me/audience";
import type { Permission } from "@/components/me/me";

/**
 * The main navigation, in order. A link shows to the audiences listed (and, with
 * `permission`, only to its holders); `label` is a message key, in the namespace of the
 * feature that owns the page. Adding a page is adding a line here.
 */
export const NAV_LINKS: { href: string; label: string; audiences: Audience[]; permission?: Permission }[] = [
  { href: "/", label: "shell.nav.home", audiences: ["candidate"] },
  { href: "/", label: "shell.nav.candidates", audiences: ["mentor"] },
  { href: "/people", label: "shell.nav.people", audiences: ["staff"] },
  { href: "/interviews", label: "shell.nav.interviews", audiences: ["staff", "mentor", "candidate"] },
  { href: "/messages", label: "chat.nav", audiences: ["staff", "mentor", "candidate"] },
  { href: "/settings", label: "shell.nav.settings", audiences: ["staff"], permission: "settings" },
];

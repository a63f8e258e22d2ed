import type { Permission } from "@/components/me/use-me";

/** The main navigation of the app shell; a link with `permission` shows only to its holders. */
export const NAV_LINKS: { href: string; label: string; permission?: Permission }[] = [
  { href: "/people", label: "People" },
  { href: "/interviews", label: "Interviews" },
  { href: "/settings", label: "Settings", permission: "settings" },
];

import type { Permission, RoleKind } from "@/components/me/me";

/**
 * The settings sub-navigation, in order. Add a page by adding a line here; `key` names its
 * label and description in the settings messages (`links.<key>`). `permission` defaults to
 * "settings" (the whole section needs it); `kind` also asks for a role of that kind.
 */
export const SETTINGS_LINKS: { href: string; key: string; permission?: Permission; kind?: RoleKind }[] = [
  { href: "/settings/roles", key: "roles" },
  { href: "/settings/tags", key: "tags" },
  { href: "/settings/forms", key: "forms" },
  { href: "/settings/boards", key: "boards" },
  { href: "/settings/profiles", key: "profiles" },
  { href: "/settings/keys", key: "keys" },
  { href: "/settings/webhooks", key: "webhooks" },
  { href: "/settings/jobs", key: "jobs" },
  { href: "/settings/audit", key: "audit", kind: "admin" },
  { href: "/settings/retention", key: "retention" },
  { href: "/settings/calendar", key: "calendar" },
  { href: "/settings/sso", key: "sso", kind: "admin" },
];

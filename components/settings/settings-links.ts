import type { Permission } from "@/components/me/use-me";

/**
 * The settings sub-navigation, in order. Add a page by adding a line here
 * (e.g. { href: "/settings/forms", label: "Forms" }).
 * `permission` defaults to "settings" (the whole section needs it).
 */
export const SETTINGS_LINKS: { href: string; label: string; description: string; permission?: Permission }[] = [
  { href: "/settings/roles", label: "Roles", description: "What each role may do" },
  { href: "/settings/tags", label: "Tags", description: "Labels to group people" },
  { href: "/settings/forms", label: "Forms", description: "Interview questions, some private to the board" },
  { href: "/settings/boards", label: "Boards", description: "Who sits on each interview board" },
  { href: "/settings/profiles", label: "Profiles", description: "Kinds of interview and their default form" },
  { href: "/settings/keys", label: "API keys", description: "Access for other systems" },
];

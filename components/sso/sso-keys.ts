/** TanStack Query keys of the district's OpenID Connect connection. */
export const ssoKeys = {
  connection: ["sso", "connection"] as const,
};

/**
 * What must never be in a log line, by the shapes of the service's secrets: an API key (`cas_` and
 * 43 characters, lib/keys/key-format.ts), a session or sign-in token (64 hex characters,
 * lib/auth/create-session.ts, sign-in-link.ts), a webhook signing secret (`whsec_`), a bearer
 * token or a session cookie as sent, a password field, credentials inside a URL. Ids are UUIDs and
 * cuids, which none of these match.
 */
const SECRET_SHAPES: Array<{ name: string; pattern: RegExp }> = [
  { name: "API key", pattern: /cas_[A-Za-z0-9_-]{43}/ },
  { name: "session or sign-in token", pattern: /(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/i },
  { name: "webhook secret", pattern: /whsec_[A-Za-z0-9+/=]{16,}/ },
  { name: "bearer token", pattern: /Bearer\s+[A-Za-z0-9._~+/-]{8,}/i },
  { name: "session cookie", pattern: /next-auth\.session-token=|__Secure-next-auth/ },
  { name: "password field", pattern: /"(password|passwd|secret|token|authorization|cookie)"\s*:\s*"(?!\[redacted\])[^"]+"/i },
  { name: "credentials in a URL", pattern: /[a-z][a-z0-9+.-]*:\/\/[^\s/:@"]+:[^\s/@"]+@/i },
];

/** Each line of `text` that holds a secret's shape: its number and the shape's name, never the secret. */
export function secretsIn(text: string): Array<{ line: number; shape: string }> {
  const found: Array<{ line: number; shape: string }> = [];
  text.split("\n").forEach((line, index) => {
    for (const { name, pattern } of SECRET_SHAPES) if (pattern.test(line)) found.push({ line: index + 1, shape: name });
  });
  return found;
}

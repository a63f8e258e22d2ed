import { createHash, randomBytes } from "node:crypto";

const KEY_PREFIX = "cas_";

/** 32 random bytes, base64url: 43 characters after the prefix. */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString("base64url");
}

/** Random keys need no salt: a SHA-256 digest is enough to look them up and not reveal them. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export const looksLikeApiKey = (token: string) => token.startsWith(KEY_PREFIX);

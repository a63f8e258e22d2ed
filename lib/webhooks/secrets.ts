import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";

/**
 * Signing secrets: `whsec_` + base64 of 32 random bytes (Standard Webhooks). A secret must sign
 * every delivery, so it is kept, not hashed, but encrypted at rest: AES-256-GCM under a key
 * derived (HKDF) from the service's auth secret, so a copy of the database alone reveals none.
 * Every app and worker process shares that auth secret already (NEXTAUTH_SECRET).
 */

const SECRET_PREFIX = "whsec_";

export const generateSecret = () => SECRET_PREFIX + randomBytes(32).toString("base64");

const VERSION = "v1";
let key: { from: string; key: Buffer } | undefined;

function encryptionKey(): Buffer {
  const secret = authSecret();
  if (key?.from !== secret) key = { from: secret, key: Buffer.from(hkdfSync("sha256", secret, "cas-webhooks", "webhook signing secrets", 32)) };
  return key.key;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

export function openSecret(stored: string): string {
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== VERSION || !iv || !tag || !sealed) throw new Error("A webhook secret is stored in an unknown form.");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}

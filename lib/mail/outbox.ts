import "server-only";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { listensOnLoopbackOnly } from "@/lib/hosting/service-origin";
import { outboxDir } from "./send-mail";

export type OutboxMessage = { id: string; sent_at: number; to: string; subject: string; text: string; html: string };

/**
 * The outbox page shows live sign-in links: it exists only for the local demo, while the app
 * listens on loopback alone and no SMTP server is configured. Mail is kept on disk either way.
 */
export const outboxEnabled = () => !env().SMTP_URL && listensOnLoopbackOnly();

export async function listOutbox(limit = 50): Promise<OutboxMessage[]> {
  const dir = outboxDir();
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const newest = names
    .filter((n) => n.endsWith(".json"))
    .sort()
    .reverse()
    .slice(0, limit);
  const messages = await Promise.all(newest.map(async (name) => JSON.parse(await fs.promises.readFile(path.join(dir, name), "utf8")) as OutboxMessage));
  return messages.map(({ id, sent_at, to, subject, text, html }) => ({ id, sent_at, to, subject, text, html }));
}

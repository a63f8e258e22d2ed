import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { outboxDir } from "./send-mail";

export type OutboxMessage = { id: string; sent_at: number; to: string; subject: string; text: string; html: string };

/** The outbox is only for setups without SMTP: it would otherwise expose sign-in links. */
export const outboxEnabled = () => !env().SMTP_URL;

export async function listOutbox(limit = 50): Promise<OutboxMessage[]> {
  const dir = outboxDir();
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const newest = names.filter((n) => n.endsWith(".json")).sort().reverse().slice(0, limit);
  const messages = await Promise.all(
    newest.map(async (name) => JSON.parse(await fs.promises.readFile(path.join(dir, name), "utf8")) as OutboxMessage),
  );
  return messages.map(({ id, sent_at, to, subject, text, html }) => ({ id, sent_at, to, subject, text, html }));
}

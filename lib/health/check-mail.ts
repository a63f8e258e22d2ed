import "server-only";
import fs from "node:fs";
import nodemailer from "nodemailer";
import { env } from "@/lib/env";
import { outboxDir } from "@/lib/mail/send-mail";
import { down, up, withinMs, type PartHealth } from "./part-health";

const TIMEOUT_MS = 3000;
/** An SMTP verify opens a connection and may log in: one every 15 s at most, however often health is asked. */
const CACHE_MS = 15_000;

let cached: { smtpUrl: string; at: number; result: Promise<PartHealth> } | undefined;

async function verifySmtp(smtpUrl: string): Promise<PartHealth> {
  const check = "SMTP verify";
  const transport = nodemailer.createTransport(smtpUrl, { connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS });
  try {
    await withinMs(transport.verify(), TIMEOUT_MS);
    return up(check);
  } catch (error) {
    return down(check, error);
  } finally {
    transport.close();
  }
}

/** SMTP_URL: the server greets us and accepts our login (cached briefly). Else: the outbox folder is writable. */
export async function checkMail(): Promise<PartHealth> {
  const { SMTP_URL } = env();
  if (SMTP_URL) {
    if (!cached || cached.smtpUrl !== SMTP_URL || Date.now() - cached.at > CACHE_MS) {
      cached = { smtpUrl: SMTP_URL, at: Date.now(), result: verifySmtp(SMTP_URL) };
    }
    return cached.result;
  }
  const check = "outbox folder writable";
  try {
    await fs.promises.mkdir(outboxDir(), { recursive: true });
    await fs.promises.access(outboxDir(), fs.constants.W_OK);
    return up(check);
  } catch (error) {
    return down(check, error);
  }
}

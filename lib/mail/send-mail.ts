import "server-only";
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids/ids.shared";

/** `headers`: extra header lines (a notification's List-Unsubscribe, RFC 8058). */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** An iCalendar message (lib/calendar/): nodemailer sends it as a text/calendar part and an .ics attachment. */
  icalEvent?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
};

let transport: Transporter | undefined;

export const outboxDir = () => path.join(env().dataDir, "outbox");

/** SMTP_URL when set; otherwise nodemailer renders the message and it is kept in the outbox folder. */
function getTransport(): Transporter {
  transport ??= env().SMTP_URL ? nodemailer.createTransport(env().SMTP_URL) : nodemailer.createTransport({ jsonTransport: true });
  return transport;
}

export async function sendMail(mail: Mail) {
  const info = await getTransport().sendMail({ from: env().MAIL_FROM, ...mail });
  if (!env().SMTP_URL) {
    const dir = outboxDir();
    await fs.promises.mkdir(dir, { recursive: true });
    const sentAt = Date.now();
    const record = { id: newId(), sent_at: sentAt, ...mail, raw: JSON.parse(String(info.message)) };
    await fs.promises.writeFile(path.join(dir, `${sentAt}-${record.id}.json`), JSON.stringify(record, null, 2));
  }
}

export function resetMailTransport() {
  transport = undefined;
}

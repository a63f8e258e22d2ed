import "server-only";
import fs from "node:fs";
import path from "node:path";
import { Prisma, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { outboxDir } from "@/lib/mail/send-mail";

/** What names the person outside their records: their id and their records' ids, and their e-mail. */
export type Traces = { districtId: string; personId: string; email: string; relatedIds: string[] };

/** The pg-boss tables of this process's queue schema, when the queue has ever been started. */
async function jobTables(tx: Tx): Promise<Prisma.Sql[]> {
  const schema = env().JOBS_SCHEMA;
  const names = ["job", "archive"];
  const [row] = await tx.$queryRaw<
    { present: (string | null)[] }[]
  >`select array[${Prisma.join(names.map((n) => Prisma.sql`to_regclass(${`"${schema}".${n}`})::text`))}] as present`;
  return names.filter((_, i) => row.present[i] !== null).map((n) => Prisma.raw(`"${schema}".${n}`));
}

/**
 * Copies of the person's details kept beside their records, removed in the erasure's transaction:
 * stored answers of Idempotency-Keys, webhook events about them (with their delivery logs),
 * people imports whose file or report names them, e-mails waiting or sent in the job queue, and
 * the sign-in account when no other district knows that e-mail.
 */
export async function eraseTraces(tx: Tx, t: Traces) {
  const email = t.email.toLowerCase();
  // Bytes are searched as they are: for the e-mail as stored and in lower case.
  const needles = [...new Set([t.personId, ...t.relatedIds, t.email, email])];
  await tx.$executeRaw`
    delete from idempotency_keys where district_id = ${t.districtId} and (owner = ${`person:${t.personId}`}
       or exists (select 1 from unnest(${needles}::text[]) n where position(convert_to(n, 'UTF8') in coalesce(body, ''::bytea)) > 0))`;
  await tx.$executeRaw`
    delete from webhook_events where district_id = ${t.districtId}
       and (strpos(lower(body), ${email}) > 0 or exists (select 1 from unnest(${needles}::text[]) n where strpos(body, n) > 0))`;
  await tx.$executeRaw`
    delete from people_imports where district_id = ${t.districtId}
       and (strpos(lower(coalesce(report::text, '') || coalesce(error::text, '')), ${email}) > 0
            or exists (select 1 from unnest(${[t.email, email]}::text[]) n where position(convert_to(n, 'UTF8') in coalesce(file, ''::bytea)) > 0))`;
  for (const jobs of await jobTables(tx)) {
    await tx.$executeRaw`delete from ${jobs} where name = 'mail-send' and lower(data->>'to') = ${email}`;
  }
  await tx.verificationToken.deleteMany({ where: { identifier: { equals: email, mode: "insensitive" } } });
  // A sign-in account is shared by every district where the e-mail has a person: it goes with the last one.
  if ((await tx.person.count({ where: { emailKey: email, id: { not: t.personId } } })) === 0) {
    await tx.user.deleteMany({ where: { email: { equals: email, mode: "insensitive" } } });
  }
}

/** After the commit: the e-mails kept on disk (the outbox, without SMTP) that were sent to the person. */
export async function eraseOutbox(email: string) {
  const dir = outboxDir();
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.endsWith(".json"))
      .map(async (name) => {
        const file = path.join(dir, name);
        const content = await fs.promises.readFile(file, "utf8").catch(() => "");
        if (content.toLowerCase().includes(email.toLowerCase())) await fs.promises.rm(file, { force: true });
      }),
  );
}

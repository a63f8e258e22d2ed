/**
 * Ops command. Each sub-command prints one JSON object as its last line.
 *   npm run -s admin -- create-district --name "<name>" --admin-email <email>
 *   npm run -s admin -- session --email <email> [--district <district_id>]
 *   npm run -s admin -- jobs [--state failed|active|queued]   (jobs of no district: the cron sweeps)
 *   npm run -s admin -- retry-job --id <job_id>
 *   npm run -s admin -- audit verify [--district <district_id>]   (exits 1 when a chain is broken)
 *   npm run -s admin -- backup [--to PATH] | backup verify PATH | restore PATH   (lib/backup/)
 * Works with the app running or not: the embedded database is reached through its owner.
 */
import { parseArgs } from "node:util";
import { createSessionFor } from "@/lib/auth/create-session";
import { disconnectDb } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/db/prepare-database";
import { createDistrict } from "@/lib/districts/create-district";
import { stopJobBoss } from "@/lib/jobs/boss";
import { listClusterJobs, retryClusterJob } from "@/lib/jobs/district-jobs";
import { listJobsQuery } from "@/lib/jobs/schemas";
import { BACKUP_USAGE, backupCommand } from "@/lib/backup/admin-commands";
import { verifyAuditChain } from "@/lib/audit/verify-audit-chain";
import { pool } from "@/lib/db/pool";
import { runWithRequestContext } from "@/lib/http/request-context";

const usage = `usage:
  admin create-district --name "<name>" --admin-email <email>
  admin session --email <email> [--district <district_id>]
  admin jobs [--state failed|active|queued]
  admin retry-job --id <job_id>
${BACKUP_USAGE}
  admin audit verify [--district <district_id>]`;

async function run(command: string | undefined, values: Record<string, string | undefined>, subcommand?: string) {
  if (command === "create-district") {
    if (!values.name?.trim() || !values["admin-email"]?.includes("@")) throw new Error(usage);
    const { district, person } = await createDistrict({ name: values.name.trim(), adminEmail: values["admin-email"].trim() });
    return { district_id: district.id, person_id: person.id };
  }
  if (command === "session") {
    if (!values.email) throw new Error(usage);
    const session = await createSessionFor(values.email, values.district);
    if (!session) throw new Error(`No active person with e-mail ${values.email}${values.district ? ` in district ${values.district}` : ""}.`);
    return { token: session.token, expires: session.expires };
  }
  if (command === "jobs") {
    const query = listJobsQuery.safeParse({ state: values.state });
    if (!query.success) throw new Error(usage);
    return { jobs: await listClusterJobs(query.data.state) };
  }
  if (command === "retry-job") {
    if (!values.id) throw new Error(usage);
    if (!(await retryClusterJob(values.id)))
      throw new Error(`No dead job ${values.id} of no district (a district's are retried in its Settings → Background jobs).`);
    return { ok: true };
  }
  if (command === "audit" && subcommand === "verify") {
    // The audit chains, row by row: the report is the last line, and a broken chain exits 1.
    const report = await verifyAuditChain(pool(), values.district);
    if (!report.ok) process.exitCode = 1;
    return report;
  }
  throw new Error(usage);
}

async function main() {
  // A request waits DATABASE_WAIT_MS (2 s) for the database, then the service answers 503. An
  // operator's command waits as long as a busy service takes to give it a connection: a backup
  // started during a large search backfill failed after 2 s on the embedded database.
  // No module reads the environment when imported, so setting it here is in time.
  process.env.DATABASE_WAIT_MS ??= "60000";
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: "string" },
      "admin-email": { type: "string" },
      email: { type: "string" },
      district: { type: "string" },
      state: { type: "string" },
      id: { type: "string" },
      to: { type: "string" },
    },
  });
  if (positionals[0] === "backup" || positionals[0] === "restore") return void console.log(JSON.stringify(await backupCommand(positionals, values)));
  const db = await prepareDatabase((line) => console.error(line));
  try {
    // What the command changes is recorded in the audit trail as the ops command's (lib/audit/).
    const result = await runWithRequestContext({ ops: { command: positionals.slice(0, 2).join(" ") } }, () => run(positionals[0], values, positionals[1]));
    console.log(JSON.stringify(result));
  } finally {
    await stopJobBoss();
    await disconnectDb();
    await db.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  process.exit(1);
});

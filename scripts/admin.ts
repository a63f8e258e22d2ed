/**
 * Ops command. Each sub-command prints one JSON object as its last line.
 *   npm run -s admin -- create-district --name "<name>" --admin-email <email>
 *   npm run -s admin -- session --email <email> [--district <district_id>]
 * Works with the app running or not: the embedded database is reached through its owner.
 */
import { parseArgs } from "node:util";
import { createSessionFor } from "@/lib/auth/create-session";
import { disconnectDb } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/db/prepare-database";
import { createDistrict } from "@/lib/districts/create-district";

const usage = `usage:
  admin create-district --name "<name>" --admin-email <email>
  admin session --email <email> [--district <district_id>]`;

async function run(command: string | undefined, values: Record<string, string | undefined>) {
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
  throw new Error(usage);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { name: { type: "string" }, "admin-email": { type: "string" }, email: { type: "string" }, district: { type: "string" } },
  });
  const db = await prepareDatabase((line) => console.error(line));
  try {
    console.log(JSON.stringify(await run(positionals[0], values)));
  } finally {
    await disconnectDb();
    await db.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  process.exit(1);
});

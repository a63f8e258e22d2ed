import "server-only";
import { Prisma } from "@/lib/db/client";
import { env } from "@/lib/env";

/** pg-boss's job table in this process's queue schema, as SQL (JOBS_SCHEMA is validated as an identifier by lib/env.ts). */
export const jobTable = () => Prisma.raw(`"${env().JOBS_SCHEMA}".job`);

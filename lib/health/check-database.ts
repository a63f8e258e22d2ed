import "server-only";
import { db } from "@/lib/db/client";
import { down, up, withinMs, type PartHealth } from "./part-health";

const TIMEOUT_MS = 2000;

/** `select 1` through the app's own pool: the database answers, and the app can reach it. */
export async function checkDatabase(): Promise<PartHealth> {
  try {
    await withinMs(db().$queryRawUnsafe("select 1"), TIMEOUT_MS);
    return up("select 1");
  } catch (error) {
    return down("select 1", error);
  }
}

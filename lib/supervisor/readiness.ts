import "server-only";
import pg from "pg";

/** True when `url` answers 2xx within `timeoutMs`. */
export async function answersHttp(url: string, timeoutMs = 2000): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), cache: "no-store" });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/** True when the database at `url` answers `select 1` within `timeoutMs`. */
export async function databaseAnswers(url: string, timeoutMs = 2000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

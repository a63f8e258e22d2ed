import "server-only";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/** Whether nothing listens on `port` on loopback (we could bind it). */
function isFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The loopback port of the embedded database: the app's DATABASE_URL names it, so a restarted
 * database must come back on the same one. Chosen once and kept in DATA_DIR/pglite.port; a new
 * one only when something else has taken it while the service was stopped.
 */
export async function embeddedDatabasePort(dataDir: string): Promise<number> {
  const file = path.join(dataDir, "pglite.port");
  const kept = Number(fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : NaN);
  if (Number.isInteger(kept) && kept > 0 && kept < 65536 && (await isFree(kept))) return kept;
  const port = await freePort();
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${port}\n`);
  return port;
}

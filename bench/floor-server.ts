/**
 * The floor for `npm run bench:api`: the least a server can do for the single-person read
 * on the same database — bare node:http + pg, no framework, no ORM.
 *
 *   GET /people/:id  with Authorization: Bearer <session token>
 *     1. the session: sessions ⋈ people by token (unknown, expired or archived → 401)
 *     2. the person by id AND the session's district (else 404), as JSON
 *
 * Env: DATABASE_URL (required), FLOOR_PORT (default 3201), DATABASE_POOL_SIZE (default 10,
 * the app's pool size). Listens on 127.0.0.1 only and prints "floor listening on <port>".
 */
import http from "node:http";
import pg from "pg";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is required");
const port = Number(process.env.FLOOR_PORT ?? 3201);
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });

const SESSION_SQL = `select s.expires, p.district_id, p.archived
  from sessions s join people p on p.id = s.person_id
  where s.session_token = $1 -- all districts: a session token names one person, of whichever district`;
const PERSON_SQL = `select id, first, last, email, language, roles, tags, archived, district_id, created_at
  from people where id = $1 and district_id = $2`;

function send(res: http.ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
  res.end(json);
}

const error = (code: string, message: string) => ({ error: { code, message } });

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const match = /^\/people\/([A-Za-z0-9_-]{1,64})$/.exec(req.url ?? "");
  if (req.method !== "GET" || !match) return send(res, 404, error("not_found", "Not found."));
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1];
  if (!token) return send(res, 401, error("unauthorized", "Missing token."));
  const session = (await pool.query(SESSION_SQL, [token])).rows[0];
  if (!session || session.archived || new Date(session.expires).getTime() < Date.now()) {
    return send(res, 401, error("unauthorized", "Session expired or revoked."));
  }
  const row = (await pool.query(PERSON_SQL, [match[1], session.district_id])).rows[0];
  if (!row) return send(res, 404, error("not_found", "Person not found."));
  send(res, 200, {
    id: row.id,
    first: row.first,
    last: row.last,
    email: row.email,
    language: row.language,
    roles: row.roles ?? {},
    tags: row.tags,
    archived: row.archived ? 1 : 0,
    district_id: row.district_id,
    created_at: new Date(row.created_at).getTime(),
  });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((e) => {
    console.error(e);
    if (!res.headersSent) send(res, 500, error("internal", "Something went wrong."));
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, "127.0.0.1", () => console.log(`floor listening on ${port}`));

const stop = () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError, invalid } from "@/lib/errors/app-error";
import { fingerprintRequest, type Fingerprinted } from "./request-fingerprint";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("idempotency");

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** 1-255 visible ASCII characters: a UUID, a ULID, "order-42/retry"… (no spaces, nothing a proxy could rewrite). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENT_METHODS: readonly string[] = ["POST", "PATCH"];
/** How long an answer is kept for replay, from the first request. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A claim still unanswered after this was left by a process that died: a retry takes it over. */
const ABANDONED_AFTER_MS = 10 * 60 * 1000;

type Id = { districtId: string; owner: string; key: string };

const ownerOf = (ctx: Ctx) => (ctx.actor.type === "key" ? `key:${ctx.actor.keyId}` : `person:${ctx.actor.personId}`);

const inProgress = () => new AppError("conflict", "A request with this Idempotency-Key is still being processed. Retry once it has finished.", undefined, 1);
const reused = () =>
  new AppError(
    "idempotency_key_reused",
    "This Idempotency-Key was already used for a different request (another method, path or body). Send a new key with a new request.",
  );

/** The most a retry's body is read to compare it: a whole upload, with room for its multipart framing. */
const drainLimit = () => Math.max(env().MAX_UPLOAD_BYTES, env().MAX_JSON_BYTES) + 1024 * 1024;

/**
 * Idempotent retries of POST and PATCH (Stripe's model). A request carrying `Idempotency-Key`
 * claims the key for its caller (an API key, or a session's person) by inserting a row: the
 * primary key lets exactly one of any number of concurrent requests, in any process, win.
 * The winner runs and stores its answer (status, content type, body); a 5xx is not stored, its
 * claim is released, and a retry runs again. Within 24 hours the same key then
 *  - with the same request (method, path, query, body) replays the stored answer;
 *  - with another request answers 422 `idempotency_key_reused`;
 *  - while the first request still runs answers 409 `conflict` with `Retry-After: 1`.
 * Without the header nothing changes. Other methods ignore it (GET, PUT and DELETE are
 * idempotent already). Expired rows are deleted by the cron job "idempotency-sweep"
 * (idempotency-sweep.ts); one met before that is never answered from.
 */
export async function idempotent(req: Request, ctx: Ctx, run: (req: Request) => Promise<Response>): Promise<Response> {
  if (!IDEMPOTENT_METHODS.includes(req.method)) return run(req);
  const key = req.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return run(req);
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw invalid("header.Idempotency-Key", "Use 1 to 255 visible ASCII characters (no spaces), for example a UUID.");
  }
  const id: Id = { districtId: ctx.districtId, owner: ownerOf(ctx), key };
  const request = fingerprintRequest(req);
  // A claim released (5xx) or expired between two looks is claimed again; a few rounds settle it.
  for (let round = 0; round < 5; round++) {
    if (await claim(id)) return runAndRecord(id, request, run);
    const found = await db().idempotencyKey.findUnique({
      where: { districtId_owner_key: id },
      select: { createdAt: true, status: true, fingerprint: true, contentType: true, body: true },
    });
    if (!found) continue;
    const age = Date.now() - found.createdAt.getTime();
    if (age >= IDEMPOTENCY_WINDOW_MS) {
      await db().idempotencyKey.deleteMany({ where: { ...id, createdAt: found.createdAt } });
      continue;
    }
    if (found.status === null) {
      if (age >= ABANDONED_AFTER_MS && (await takeOver(id, found.createdAt))) return runAndRecord(id, request, run);
      throw inProgress();
    }
    if ((await request.digest(drainLimit())) !== found.fingerprint) throw reused();
    return new Response(found.body as BodyInit | null, {
      status: found.status,
      headers: { ...(found.contentType ? { "content-type": found.contentType } : {}), "Idempotent-Replayed": "true" },
    });
  }
  throw inProgress();
}

async function claim(id: Id): Promise<boolean> {
  const { count } = await db().idempotencyKey.createMany({ data: [{ ...id, createdAt: new Date() }], skipDuplicates: true });
  return count === 1;
}

/** Compare-and-set on the abandoned claim's time: of two retries, one takes it over. */
async function takeOver(id: Id, createdAt: Date) {
  const { count } = await db().idempotencyKey.updateMany({ where: { ...id, createdAt, status: null }, data: { createdAt: new Date() } });
  return count === 1;
}

const release = (id: Id) => db().idempotencyKey.deleteMany({ where: { ...id, status: null } });

async function runAndRecord(id: Id, request: Fingerprinted, run: (req: Request) => Promise<Response>): Promise<Response> {
  let response: Response;
  try {
    response = await run(request.request);
  } catch (error) {
    await release(id).catch(() => {});
    throw error;
  }
  if (response.status >= 500) {
    await release(id).catch((error) => log.error({ err: error }, "could not release an idempotency key"));
    return response;
  }
  const body = new Uint8Array(await response.arrayBuffer());
  try {
    await db().idempotencyKey.updateMany({
      where: { ...id, status: null },
      data: {
        fingerprint: await request.digest(drainLimit()),
        status: response.status,
        contentType: response.headers.get("content-type"),
        body,
        completedAt: new Date(),
      },
    });
  } catch (error) {
    // The answer stands; without a stored copy a retry would wait out the claim, so drop it.
    log.error({ err: error }, "could not store an idempotent answer");
    await release(id).catch(() => {});
  }
  return new Response(body, { status: response.status, headers: response.headers });
}

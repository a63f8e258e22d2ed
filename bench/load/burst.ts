/**
 * The burst of issue 16 ("overload is refused, never failed"): 200 writers at once, each
 * sending its next write as soon as the last one answered, for 20 s (creations, person PATCHes
 * and answer PATCHes in the big district, by the admin, the board and the API key). Every answer
 * must be a success, a 429, or a 503 with Retry-After; a 500 (or no answer) is a failure.
 */
import http from "node:http";
import { summarize } from "../harness";
import type { Copy } from "./copy";
import { rng } from "./mix";
import type { send } from "./open-loop";
import type { SeededDistrict } from "./seed";

const burstAgent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

export async function runBurst(copy: Copy, district: SeededDistrict, writers: number, seconds: number) {
  const stopAt = performance.now() + seconds * 1000;
  const successes: number[] = [];
  const statuses = new Map<number, number>();
  const failures = new Map<string, number>();
  let refusedWithoutRetryAfter = 0;
  const run = `${Date.now().toString(36)}`;

  const writer = async (w: number) => {
    const r = rng(1000 + w);
    let n = 0;
    while (performance.now() < stopAt) {
      const origin = copy.origins[(w + n) % copy.origins.length];
      const x = r();
      const role = x < 0.4 ? "admin" : x < 0.7 ? "key" : "board";
      const token = district.tokens[role];
      const person = district.candidates[Math.floor(r() * district.candidates.length)];
      const iv = district.interviews[Math.floor(r() * district.interviews.length)];
      const request =
        role === "board"
          ? {
              method: "PATCH" as const,
              path: `/api/interviews/${iv.personId}/${iv.id}`,
              token,
              body: Buffer.from(JSON.stringify({ responses: { summary: { en: `burst ${w}.${n}` } } })),
            }
          : r() < 0.5
            ? {
                method: "POST" as const,
                path: "/api/people",
                token,
                body: Buffer.from(JSON.stringify({ first: "Burst", last: `${w}.${n}`, email: `burst-${run}-${w}-${n}@burst.test` })),
              }
            : { method: "PATCH" as const, path: `/api/people/${person}`, token, body: Buffer.from(JSON.stringify({ first: `Burst${w}.${n}` })) };
      const t = performance.now();
      const answer = await sendWithHeaders(origin, request);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.failure) failures.set(answer.failure, (failures.get(answer.failure) ?? 0) + 1);
      if (answer.status >= 200 && answer.status < 300) successes.push(performance.now() - t);
      else if ((answer.status === 429 || answer.status === 503) && !answer.retryAfter) refusedWithoutRetryAfter++;
      // A refused writer waits as told (at most 1 s here, to keep the pressure on).
      if (answer.status === 429 || answer.status === 503)
        await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 1000 * Number(answer.retryAfter ?? 1))));
      n++;
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
  const count = (pred: (s: number) => boolean) => [...statuses].filter(([s]) => pred(s)).reduce((a, [, c]) => a + c, 0);
  return {
    successes: successes.length,
    refused: count((s) => s === 429 || s === 503),
    refusedWithoutRetryAfter,
    serverErrors: count((s) => s >= 500 && s !== 503),
    noAnswer: count((s) => s === 0),
    other: count((s) => s >= 300 && s !== 429 && s !== 503 && s < 500),
    statuses: [...statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([s, c]) => `${s === 0 ? `no answer (${[...failures].map(([why, n]) => `${why} ${n}`).join(", ")})` : s}×${c}`)
      .join(" "),
    latency: summarize(successes),
  };
}

/** send() plus the Retry-After header, which the burst checks on every refusal. */
function sendWithHeaders(origin: string, request: Parameters<typeof send>[1]) {
  return new Promise<{ status: number; retryAfter?: string; failure?: string }>((resolve) => {
    const r = http.request(
      new URL(request.path, origin),
      {
        method: request.method,
        headers: { authorization: `Bearer ${request.token}`, "content-type": "application/json", "content-length": request.body?.length ?? 0 },
        agent: burstAgent,
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string | undefined }));
        res.on("error", (error: NodeJS.ErrnoException) => resolve({ status: 0, failure: error.code ?? error.message }));
      },
    );
    r.on("timeout", () => r.destroy(new Error("timeout")));
    r.on("error", (error: NodeJS.ErrnoException) => resolve({ status: 0, failure: error.code ?? error.message }));
    r.end(request.body);
  });
}

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { runWithRequestContext } from "@/lib/http/request-context";
import { db } from "./client";
import { pool, sqlRows } from "./pool";
import { statementKind } from "./actor-query";

/**
 * The audit trail's actor goes with the statements that need it (pool.ts, actor-query.ts), and
 * the answers are the statements' own: the rows, the row counts, the errors.
 */

const district = async () => (await db().district.create({ data: { name: `Actor ${randomUUID().slice(0, 6)}` } })).id;
const lastEvent = async (districtId: string) =>
  (
    await pool().query<{ actor_type: string; via: string | null; request_id: string | null; action: string }>(
      `select actor_type, via, request_id, action from audit_events e where district_id = $1 order by e.seq desc limit 1`,
      [districtId],
    )
  ).rows[0];

describe("the actor setting", () => {
  it("tells a transaction's BEGIN and a lone write from the rest", () => {
    expect(statementKind("BEGIN")).toBe("begin");
    expect(statementKind(`UPDATE "public"."people" SET "first" = $1 WHERE "id" = $2`)).toBe("write");
    expect(statementKind("insert into tags (id, district_id, name) values ($1, $2, $3)")).toBe("write");
    expect(statementKind("with x as (delete from roles where id = $1) select 1")).toBe("write");
    expect(statementKind("select * from people where id = $1 for update")).toBe("other");
    expect(statementKind("update sessions set expires = $1")).toBe("other");
    expect(statementKind("insert into people_imports (id) values ($1)")).toBe("other");
  });

  it("goes with a lone prepared write, whose rows come back as they are", async () => {
    const districtId = await district();
    const id = randomUUID();
    const rows = await runWithRequestContext({ ops: { command: "test" }, requestId: "req-1" }, () =>
      sqlRows<{ id: string; name: string }>(`insert into tags (id, district_id, name) values ($1, $2, $3) returning id, name`, [id, districtId, "Lone"]),
    );
    expect(rows).toEqual([{ id, name: "Lone" }]);
    expect(await lastEvent(districtId)).toEqual({ actor_type: "ops", via: "ops:test", request_id: "req-1", action: "tag.created" });
  });

  it("goes with Prisma's lone writes (pool.query) and transactions, with the right counts", async () => {
    const districtId = await district();
    await runWithRequestContext({ job: { id: "j1", queue: "people-import" }, requestId: "req-2" }, async () => {
      const tag = await db().tag.create({ data: { districtId, name: "Prisma" } });
      expect(await lastEvent(districtId)).toMatchObject({ actor_type: "system", via: "job:people-import", action: "tag.created" });
      const { count } = await db().tag.updateMany({ where: { id: tag.id, districtId }, data: { name: "Prisma 2" } });
      expect(count).toBe(1);
      await db().$transaction(async (tx) => {
        await tx.tag.update({ where: { id: tag.id, districtId }, data: { name: "Prisma 3" } });
      });
    });
    expect(await lastEvent(districtId)).toEqual({ actor_type: "system", via: "job:people-import", request_id: "req-2", action: "tag.updated" });
  });

  it("leaves errors as they are, and a write outside any context is the database's", async () => {
    const districtId = await district();
    const id = randomUUID();
    await runWithRequestContext({ ops: { command: "test" } }, async () => {
      await sqlRows(`insert into tags (id, district_id, name) values ($1, $2, $3)`, [id, districtId, "Twice"]);
      await expect(sqlRows(`insert into tags (id, district_id, name) values ($1, $2, $3)`, [randomUUID(), districtId, "Twice"])).rejects.toThrow(/unique/);
    });
    await sqlRows(`update tags set name = $1 where id = $2 and district_id = $3`, ["Outside", id, districtId]);
    expect(await lastEvent(districtId)).toMatchObject({ actor_type: "database", via: null, action: "tag.updated" });
  });
});

import net from "node:net";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { PrismaClient } from "@/lib/db/generated/client";
import { errorResponse, toAppError } from "./errors";

/** An address where nothing listens: a port the system gave out and took back. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function thrown(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("toAppError: a database that cannot take the work is a refusal, never a 500", () => {
  it.each([
    { code: "P2028", message: "Transaction API error: Unable to start a transaction in the given time." },
    new Error("timeout exceeded when trying to connect"),
  ])("maps %o to 503 overloaded with Retry-After", async (error) => {
    const res = errorResponse(toAppError(error));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect((await res.json()).error.code).toBe("overloaded");
  });

  it.each([
    { code: "P2010", message: "Raw query failed. Code: `40P01`. Message: `deadlock detected`" },
    { code: "P2034", message: "Transaction failed due to a write conflict or a deadlock. Please retry your transaction" },
    { code: "P2010", message: "Raw query failed.", meta: { driverAdapterError: { cause: { originalCode: "40001" } } } },
    Object.assign(new Error("deadlock detected"), { code: "40P01" }),
  ])("maps a transaction the database rolled back for a collision (%o) to 503 overloaded", (error) => {
    expect(errorResponse(toAppError(error)).status).toBe(503);
  });

  it("leaves other failures a 500", () => {
    expect(toAppError(new Error("something else")).code).toBe("internal");
    expect(toAppError({ code: "P2010", message: "Raw query failed. Code: `23514`. Message: `check violation`" }).code).toBe("internal");
  });
});

describe("toAppError: a database that cannot be reached is 503 unavailable, never a 500", () => {
  const expectUnavailable = async (error: unknown) => {
    const res = errorResponse(toAppError(error));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect((await res.json()).error).toEqual({ code: "unavailable", message: "The database cannot be reached just now. Please try again in a moment." });
  };

  it("maps what pg and Prisma really throw when nothing listens at the database's address", async () => {
    const url = `postgres://postgres:postgres@127.0.0.1:${await closedPort()}/postgres`;
    const pool = new pg.Pool({ connectionString: url });
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    try {
      await expectUnavailable(await thrown(() => pool.query("select 1")));
      await expectUnavailable(await thrown(() => prisma.district.findMany()));
      await expectUnavailable(await thrown(() => prisma.$queryRaw`select 1`));
      await expectUnavailable(await thrown(() => prisma.$transaction(async (tx) => tx.district.count())));
    } finally {
      await prisma.$disconnect();
      await pool.end();
    }
  });

  it.each([
    // A backend terminated mid-statement (the server restarting), as pg and Prisma's raw query report it.
    Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    { code: "P2010", message: "Raw query failed. Code: `57P01`.", meta: { driverAdapterError: { cause: { originalCode: "57P01", kind: "postgres" } } } },
    Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
    { code: "P1017", message: "Server has closed the connection." },
    new Error("Connection terminated unexpectedly"),
  ])("maps %o to 503 unavailable", expectUnavailable);

  it("leaves a protocol violation (a bug of ours) a 500", () => {
    expect(toAppError(Object.assign(new Error("bind message supplies 1 parameters"), { code: "08P01" })).code).toBe("internal");
  });
});

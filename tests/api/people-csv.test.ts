import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { api, call, type ApiResponse } from "../helpers/api";
import { ALL_SCOPES, makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

/**
 * People as CSV: GET /api/people.csv (filters, formula neutralising, streaming, visibility) and
 * POST /api/people/import (dry run and apply, a hostile corpus, the rights rules, all or nothing),
 * with the access and tenant rules of every endpoint.
 */

let d: TestDistrict;
let other: TestDistrict;
beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("CSV"), makeDistrict("CSV other")]);
});

const HEADER = "first,last,email,language,primary_role,other_roles,tags,archived";
const csv = (...lines: string[]) => [HEADER, ...lines].join("\r\n") + "\r\n";
const importCsv = (text: string | Uint8Array, options: { token?: string | null; dryRun?: boolean; type?: string } = {}) =>
  call("POST", `/api/people/import${options.dryRun ? "?dry_run=true" : ""}`, {
    token: options.token === undefined ? d.admin.token : options.token,
    rawBody: text,
    headers: { "content-type": options.type ?? "text/csv" },
  });
const exportCsv = (query = "", token: string | null = d.admin.token) => call("GET", `/api/people.csv${query}`, { token });
const peopleCount = (districtId = d.id) => db().person.count({ where: { districtId } });
const byEmail = (email: string) => db().person.findFirst({ where: { districtId: d.id, emailKey: email.toLowerCase() } });
/** The CSV body as rows of cells (no quoting in these fixtures' expectations beyond what is checked by hand). */
const lines = (res: ApiResponse) => (res.body as string).split("\r\n").filter(Boolean);

async function newTag(name: string, district = d) {
  return (await api.post("/api/tags", district.admin.token, { name })).body as { id: string; name: string };
}

describe("GET /api/people.csv", () => {
  it("exports the page's columns with a BOM, CRLF, in name order, roles and tags by name, archived as 0/1", async () => {
    const tag = await newTag("Cohort 26");
    const email = uniqueEmail("zed");
    const made = await api.post("/api/people", d.admin.token, {
      first: "Ana",
      last: "Zúñiga",
      email,
      roles: { [d.roles.candidate]: 1, [d.roles.mentor]: 2 },
      tags: [tag.id],
    });
    expect(made.status).toBe(201);
    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="people.csv"');
    expect([...new Uint8Array(await res.response.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect((res.body as string).startsWith(HEADER + "\r\n")).toBe(true);
    expect(lines(res)).toContain(`Ana,Zúñiga,${email},en,Candidate,Mentor,Cohort 26,0`);
    // The order of GET /api/people: last name, first name.
    const listed = (await api.get("/api/people", d.admin.token)).body.map((p: { email: string }) => p.email);
    expect(
      lines(res)
        .slice(1)
        .map((l) => l.split(",")[2]),
    ).toEqual(listed);
  });

  it("filters like the page: archived, role, tag and words of the name or e-mail (accents and case ignored)", async () => {
    const tag = await newTag("Filter tag");
    const a = await api.post("/api/people", d.admin.token, {
      first: "Éloïse",
      last: "Filterson",
      email: uniqueEmail("filter"),
      tags: [tag.id],
      roles: { [d.roles.board]: 2 },
    });
    const b = await api.post("/api/people", d.admin.token, { first: "Bob", last: "Filterson", email: uniqueEmail("filter") });
    await api.patch(`/api/people/${b.body.id}`, d.admin.token, { archived: 1 });
    const rowsOf = async (q: string) =>
      lines(await exportCsv(q))
        .slice(1)
        .filter((l) => l.includes("Filterson"));
    expect(await rowsOf("")).toHaveLength(1);
    expect(await rowsOf("?archived=true")).toHaveLength(2);
    expect(await rowsOf(`?archived=true&tag=${tag.id}`)).toEqual([expect.stringContaining("Éloïse")]);
    expect(await rowsOf(`?archived=true&role=${d.roles.board}`)).toEqual([expect.stringContaining(a.body.email)]);
    expect(await rowsOf("?archived=true&q=eloise%20FILTERSON")).toHaveLength(1);
    expect(await rowsOf("?archived=true&q=filterson")).toHaveLength(2);
    expect((await exportCsv("?archived=maybe")).status).toBe(400);
  });

  it("neutralises cells a spreadsheet would run as a formula (=, +, -, @, tab, CR) with a leading apostrophe", async () => {
    const hostile = ['=HYPERLINK("http://x")', "+1+1", "-2", "@SUM(A1)", "\tTab", "\rCr"];
    for (const first of hostile) expect((await api.post("/api/people", d.admin.token, { first, last: "Formula", email: uniqueEmail("f") })).status).toBe(201);
    const body = (await exportCsv("?q=formula")).body as string;
    for (const value of ['\'=HYPERLINK(""http://x"")', "'+1+1", "'-2", "'@SUM(A1)"]) expect(body).toContain(value);
    expect(body).not.toMatch(/(^|,)[=+\-@]/m);
  });

  it("streams in batches: 2,500 people arrive in several chunks, all of them", async () => {
    const big = await makeDistrict("CSV big");
    await db().person.createMany({
      data: Array.from({ length: 2500 }, (_, i) => ({
        districtId: big.id,
        first: `P${i}`,
        last: `Bulk${String(i).padStart(5, "0")}`,
        email: `bulk${i}@example.test`,
        emailKey: `bulk${i}@example.test`,
      })),
    });
    const res = await call("GET", "/api/people.csv", { token: big.admin.token });
    const reader = (res.response.body as ReadableStream<Uint8Array>).getReader();
    let chunks = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks++;
    expect(chunks).toBeGreaterThanOrEqual(3);
    expect(lines(res)).toHaveLength(1 + 2501);
  });

  it("shows only whom the caller sees: a mentor gets themself and their candidates; another district's people never", async () => {
    const mentor = await d.addPerson("mentor");
    const mine = await d.addPerson("candidate");
    const notMine = await d.addPerson("candidate");
    await d.assignMentor(mentor.id, mine.id);
    const body = (await exportCsv("", mentor.token)).body as string;
    expect(body).toContain(mine.email);
    expect(body).toContain(mentor.email);
    expect(body).not.toContain(notMine.email);
    expect((await exportCsv()).body).not.toContain(other.admin.email);
  });

  it("another district's role or tag id is 404; access needs read:people (403) and a valid token (401)", async () => {
    const theirTag = await newTag("Theirs", other);
    expect((await exportCsv(`?tag=${theirTag.id}`)).status).toBe(404);
    expect((await exportCsv(`?role=${other.roles.admin}`)).status).toBe(404);
    expect((await exportCsv("", (await d.addKey(["read:people"])).key)).status).toBe(200);
    const lacking = await exportCsv("", (await d.addKey(ALL_SCOPES.filter((s) => s !== "read:people"))).key);
    expect(lacking.status).toBe(403);
    expect(lacking.body.error.message).toContain("read:people");
    expect((await exportCsv("", null)).status).toBe(401);
    expect((await exportCsv("", "cas_unknown")).status).toBe(401);
    expect((await exportCsv("", (await d.addKey(["read:people"], { revoked: true })).key)).status).toBe(401);
  });
});

describe("POST /api/people/import", () => {
  it("dry run: reports create, update, unchanged and refuse per row, and writes nothing", async () => {
    const known = await api.post("/api/people", d.admin.token, { first: "Kim", last: "Known", email: uniqueEmail("known"), language: "en" });
    const same = await api.post("/api/people", d.admin.token, { first: "Sam", last: "Same", email: uniqueEmail("same"), language: "es" });
    const fresh = uniqueEmail("fresh");
    const before = await peopleCount();
    const res = await importCsv(
      csv(
        `New,Person,${fresh},es,Candidate,,,0`,
        `Kimberly,Known,${known.body.email.toUpperCase()},en,,,,0`,
        `Sam,Same,${same.body.email},es,,,,0`,
        `,NoFirst,${uniqueEmail("x")},,,,,`,
      ),
      { dryRun: true },
    );
    expect(res.status).toBe(200);
    expect(res.body.dry_run).toBe(true);
    expect(res.body.delimiter).toBe(",");
    expect(res.body.counts).toEqual({ rows: 4, create: 1, update: 1, unchanged: 1, refuse: 1 });
    expect(res.body.rows.map((r: { row: number; action: string }) => [r.row, r.action])).toEqual([
      [2, "create"],
      [3, "update"],
      [4, "unchanged"],
      [5, "refuse"],
    ]);
    expect(res.body.rows[1]).toMatchObject({ person_id: known.body.id, changes: ["first", "email"] });
    expect(res.body.rows[3].errors).toEqual([{ column: "first", message: expect.any(String) }]);
    expect(await peopleCount()).toBe(before);
    expect(await byEmail(fresh)).toBeNull();
  });

  it("applies every row in one go: creates with roles and tags by name, updates by e-mail, and the export imports back unchanged", async () => {
    const tag = await newTag("Imported");
    const known = await api.post("/api/people", d.admin.token, { first: "Lee", last: "Before", email: uniqueEmail("lee") });
    const a = uniqueEmail("a");
    const res = await importCsv(csv(`Ada,Applied,${a},pt-BR,candidate,,imported,0`, `Lee,After,${known.body.email},en,,Mentor,,0`));
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ create: 1, update: 1, refuse: 0 });
    const created = await byEmail(a);
    expect(created).toMatchObject({ first: "Ada", language: "pt-BR", roles: { [d.roles.candidate]: 1 }, tags: [tag.id] });
    expect(res.body.rows[0].person_id).toBe(created!.id);
    expect((await api.get(`/api/people/${known.body.id}`, d.admin.token)).body).toMatchObject({ last: "After", roles: { [d.roles.mentor]: 2 } });

    const exported = (await exportCsv("?q=applied")).body as string;
    const again = await importCsv(exported, { dryRun: true });
    expect(again.body.counts).toMatchObject({ unchanged: 1, create: 0, update: 0, refuse: 0 });
  });

  it("reads semicolons, a BOM, quoted cells with quotes, delimiters and line breaks inside, and header aliases in any order", async () => {
    const email = uniqueEmail("semi");
    const text = `\uFEFFE-mail;Last Name;First Name;tags\r\n${email};"O""Neil; Jr.";"Mary\nAnn";\r\n`;
    const res = await importCsv(new TextEncoder().encode(text));
    expect(res.status).toBe(200);
    expect(res.body.delimiter).toBe(";");
    expect(await byEmail(email)).toMatchObject({ first: "Mary\nAnn", last: 'O"Neil; Jr.' });
  });

  it("takes the file as a multipart upload too", async () => {
    const email = uniqueEmail("multi");
    const form = new FormData();
    form.set("file", new File([csv(`Multi,Part,${email},,,,,`)], "people.csv", { type: "text/csv" }));
    const res = await call("POST", "/api/people/import", { token: d.admin.token, form });
    expect(res.status).toBe(200);
    expect(await byEmail(email)).not.toBeNull();
  });

  it("restores a neutralised formula cell on import (the inverse of the export)", async () => {
    const email = uniqueEmail("formula");
    expect((await importCsv(csv(`'=1+2,'@home,${email},,,,,`))).status).toBe(200);
    expect(await byEmail(email)).toMatchObject({ first: "=1+2", last: "@home" });
  });
});

describe("a hostile corpus: each bad row says why, and a failed import writes nothing", () => {
  const expectNothingWritten = async (res: ApiResponse, before: number) => {
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(await peopleCount()).toBe(before);
  };

  it("refuses rows with a 1 MB cell, a bad e-mail, unknown roles and tags, a bad archived flag, too many cells, NUL; one bad row fails them all", async () => {
    const good = uniqueEmail("good");
    const rows = [
      `Good,Row,${good},,,,,`,
      `${"x".repeat(1024 * 1024)},Big,${uniqueEmail("big")},,,,,`,
      `Bad,Mail,not-an-email,,,,,`,
      `Role,Less,${uniqueEmail("r")},,Astronaut,,,`,
      `Role,Id,${uniqueEmail("r")},,${other.roles.admin},,,`,
      `Tag,Less,${uniqueEmail("t")},,,,No such tag,`,
      `Flag,Bad,${uniqueEmail("f")},,,,,maybe`,
      `Too,Many,${uniqueEmail("m")},,,,,0,extra`,
      `Nul\u0000,Char,${uniqueEmail("n")},,,,,`,
      `Lang,Bad,${uniqueEmail("l")},not a language,,,,`,
    ];
    const before = await peopleCount();
    const dry = await importCsv(csv(...rows), { dryRun: true });
    expect(dry.status).toBe(200);
    const refused = dry.body.rows.filter((r: { action: string }) => r.action === "refuse");
    expect(refused.map((r: { row: number }) => r.row)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const columnsOf = (row: number) => dry.body.rows.find((r: { row: number }) => r.row === row).errors.map((e: { column: string }) => e.column);
    expect(columnsOf(3)).toEqual(["first"]);
    expect(columnsOf(4)).toEqual(["email"]);
    expect(columnsOf(5)).toEqual(["primary_role"]);
    expect(columnsOf(6)).toEqual(["primary_role"]);
    expect(columnsOf(7)).toEqual(["tags"]);
    expect(columnsOf(8)).toEqual(["archived"]);
    expect(columnsOf(9)).toEqual(["row"]);
    expect(columnsOf(10)).toEqual(["first"]);
    expect(columnsOf(11)).toEqual(["language"]);
    const applied = await importCsv(csv(...rows));
    await expectNothingWritten(applied, before);
    expect(applied.body.error.details.map((x: { path: string }) => x.path)).toContain("rows.5.primary_role");
    expect(await byEmail(good)).toBeNull();
  });

  it("refuses every row of an e-mail that appears twice in the file (case-insensitively); an e-mail already in the district is an update", async () => {
    const twin = uniqueEmail("twin");
    const inDistrict = await api.post("/api/people", d.admin.token, { first: "In", last: "District", email: uniqueEmail("indistrict") });
    const dry = await importCsv(csv(`One,Twin,${twin},,,,,`, `Two,Twin,${twin.toUpperCase()},,,,,`, `In,District,${inDistrict.body.email},,,,,`), {
      dryRun: true,
    });
    expect(dry.body.rows.map((r: { action: string }) => r.action)).toEqual(["refuse", "refuse", "unchanged"]);
    expect(dry.body.rows[0].errors[0].message).toContain("2, 3");
  });

  it("an e-mail of another district's person creates a person here, and never touches theirs", async () => {
    const theirs = await api.post("/api/people", other.admin.token, { first: "Their", last: "Person", email: uniqueEmail("theirs") });
    const res = await importCsv(csv(`Mine,Now,${theirs.body.email},,,,,`));
    expect(res.body.rows[0].action).toBe("create");
    expect((await api.get(`/api/people/${theirs.body.id}`, other.admin.token)).body.first).toBe("Their");
  });

  it("refuses a file that is not UTF-8 (Latin-1, UTF-16), not CSV, empty, or lacks or misnames columns: 400, naming the problem", async () => {
    const before = await peopleCount();
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${HEADER}\nJos`), 0xe9, ...new TextEncoder().encode(`,Latin,${uniqueEmail()},,,,,\n`)]);
    const res = await importCsv(latin1);
    await expectNothingWritten(res, before);
    expect(res.body.error.message).toMatch(/not UTF-8.*line 2/);
    const utf16 = await importCsv(new Uint8Array([0xff, 0xfe, 0x66, 0x00]));
    expect(utf16.body.error.message).toMatch(/UTF-16/);
    const quote = await importCsv(`${HEADER}\n"Open,Quote,${uniqueEmail()},,,,,\n`);
    expect(quote.status).toBe(400);
    expect(quote.body.error.message).toMatch(/not valid CSV/);
    expect((await importCsv("")).body.error.message).toMatch(/empty/);
    expect((await importCsv(`${HEADER}\r\n`)).body.error.message).toMatch(/no people/);
    const missing = await importCsv(`first,email\nA,${uniqueEmail()}\n`);
    expect(missing.body.error.details).toEqual([{ path: "header", message: "The column last is missing." }]);
    const unknown = await importCsv(`first,last,email,salary\nA,B,${uniqueEmail()},1\n`);
    expect(unknown.body.error.details[0]).toMatchObject({ path: "header.4", message: expect.stringContaining("salary") });
    await expectNothingWritten(await importCsv(`first,first,last,email\nA,A,B,${uniqueEmail()}\n`), before);
  });

  it("413 beyond 100,000 rows or 20 MB, 415 for other content types", async () => {
    const rows = Array.from({ length: 100_001 }, (_, i) => `A,B,l${i}@x.test`);
    const tooMany = await importCsv(`first,last,email\n${rows.join("\n")}\n`, { dryRun: true });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error.message).toMatch(/100,000/);
    expect((await importCsv("x".repeat(20 * 1024 * 1024 + 1))).status).toBe(413);
    expect((await importCsv(csv(`A,B,${uniqueEmail()},,,,,`), { type: "application/json" })).status).toBe(415);
  });
});

describe("rights: the rules of POST and PATCH /api/people apply to every row", () => {
  it("a people editor cannot grant the admin role, nor archive or demote an administrator; the last active admin stays", async () => {
    const editor = await d.addPersonWith(["people:edit"]);
    const admin2 = await d.addPerson("admin");
    const dry = await importCsv(
      csv(
        `Would,Be,${uniqueEmail("wb")},,Administrator,,,`,
        `Test,admin,${admin2.email},,Administrator,,,1`,
        `Test,admin,${admin2.email.replace("@", "+x@")},,Candidate,,,`,
      ),
      { token: editor.token, dryRun: true },
    );
    expect(dry.body.rows.map((r: { action: string }) => r.action)).toEqual(["refuse", "refuse", "create"]);
    expect(dry.body.rows[1].errors.map((e: { column: string }) => e.column)).toEqual(["archived"]);

    const solo = await makeDistrict("CSV solo");
    const demote = await importCsv(csv(`Solo,Admin,${solo.admin.email},,Candidate,,,0`), { token: solo.admin.token, dryRun: true });
    expect(demote.body.rows[0]).toMatchObject({ action: "refuse", errors: [{ column: "row", message: expect.stringContaining("administrator") }] });
  });

  it("an API key with write:people creates people without privileged roles only", async () => {
    const { key } = await d.addKey(["write:people"]);
    const dry = await importCsv(csv(`Key,Made,${uniqueEmail("k")},,Candidate,,,`, `Key,Admin,${uniqueEmail("k")},,Administrator,,,`), {
      token: key,
      dryRun: true,
    });
    expect(dry.body.rows.map((r: { action: string }) => r.action)).toEqual(["create", "refuse"]);
  });

  it("archiving through an import signs the person out", async () => {
    const person = await d.addPerson("candidate");
    expect((await api.get("/api/me", person.token)).status).toBe(200);
    const res = await importCsv(csv(`Test,candidate,${person.email},,Candidate,,,1`));
    expect(res.body.rows[0]).toMatchObject({ action: "update", changes: ["archived"] });
    expect((await api.get("/api/me", person.token)).status).toBe(401);
  });

  it("access: people:edit for sessions (403), write:people for keys (403), a valid token (401)", async () => {
    const body = csv(`No,Access,${uniqueEmail("na")},,,,,`);
    const reader = await d.addPerson("other");
    const noEdit = await importCsv(body, { token: reader.token, dryRun: true });
    expect(noEdit.status).toBe(403);
    expect(noEdit.body.error.message).toContain("people:edit");
    const keyLacking = await importCsv(body, { token: (await d.addKey(ALL_SCOPES.filter((s) => s !== "write:people"))).key, dryRun: true });
    expect(keyLacking.status).toBe(403);
    expect(keyLacking.body.error.message).toContain("write:people");
    expect((await importCsv(body, { token: null })).status).toBe(401);
    expect((await importCsv(body, { token: "cas_nope" })).status).toBe(401);
    expect((await importCsv(body, { token: (await d.addKey(ALL_SCOPES, { revoked: true })).key })).status).toBe(401);
  });
});

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env, resetEnvCache } from "@/lib/env";
import { api, call, streamedForm, type StreamedPart } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

const MB = 1024 * 1024;
let d: TestDistrict;
let formId: string;

beforeAll(async () => {
  d = await makeDistrict("Streaming");
  formId = (await api.post("/api/forms", d.admin.token, { name: "Files", fields: [{ id: "docs", type: "file", label: { en: "Docs" } }] })).body.id;
});

afterEach(() => {
  delete process.env.MAX_UPLOAD_BYTES;
  resetEnvCache();
});

/** Every file (temporary ones included) under a folder of DATA_DIR/files; [] when the folder is gone. */
function filesUnder(key: string): string[] {
  const root = path.join(env().dataDir, "files", key);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/**
 * `size` bytes made on the fly in 64 KB chunks (never held whole), with their SHA-256. After
 * `holdAfter` bytes the client waits for `answered()` before sending more (10 s at most, then
 * the body fails): a refusal must come back while the upload is still arriving.
 */
function generated(size: number, seed = "seed", holdAfter = Infinity) {
  const hash = createHash("sha256");
  let answered = false;
  let wake = () => {};
  let held: Promise<void> | undefined;
  const hold = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the server wanted the whole body before answering")), 10_000);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  async function* chunks() {
    for (let offset = 0; offset < size; offset += 64 * 1024) {
      if (offset >= holdAfter && !answered) await (held ??= hold());
      const chunk = Buffer.alloc(Math.min(64 * 1024, size - offset), createHash("sha256").update(`${seed}:${offset}`).digest());
      hash.update(chunk);
      yield chunk;
    }
  }
  return {
    chunks: chunks(),
    digest: () => hash.copy().digest("hex"),
    answered: () => {
      answered = true;
      wake();
    },
  };
}

const filePart = (chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>, fileName = "big.bin", contentType = "application/octet-stream"): StreamedPart => ({
  name: "file",
  fileName,
  contentType,
  chunks,
});

function send(method: string, url: string, parts: StreamedPart[], options: { failAfterBytes?: number } = {}) {
  return call(method, url, { token: d.admin.token, ...streamedForm(parts, options) });
}

async function newPerson() {
  return (await d.addPerson("candidate")).id;
}

async function newInterview() {
  const personId = await newPerson();
  const interview = (await api.post(`/api/interviews/${personId}`, d.admin.token, { date: "2026-06-01", form_id: formId })).body;
  return { personId, id: interview.id as string };
}

describe("streamed multipart uploads", () => {
  it("stores a 20 MB upload intact, served back byte for byte, with no temporary file left", async () => {
    const personId = await newPerson();
    const content = generated(20 * MB);
    const res = await send("POST", `/api/people/${personId}/uploads`, [{ name: "name", value: "Scan" }, filePart(content.chunks)]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Scan", size: 20 * MB, content_type: "application/octet-stream" });

    const [stored] = filesUnder(`${d.id}/people/${personId}`);
    expect(filesUnder(`${d.id}/people/${personId}`)).toEqual([stored]);
    expect(stored.endsWith("big.bin")).toBe(true);
    const onDisk = createHash("sha256")
      .update(fs.readFileSync(path.join(env().dataDir, "files", d.id, "people", personId, stored)))
      .digest("hex");
    expect(onDisk).toBe(content.digest());

    const served = await api.get(new URL(res.body.url).pathname, d.admin.token);
    expect(served.status).toBe(200);
    expect(
      createHash("sha256")
        .update(Buffer.from(await served.response.arrayBuffer()))
        .digest("hex"),
    ).toBe(content.digest());
  });

  it("reads the fields whether they come before or after the file", async () => {
    const personId = await newPerson();
    const after = await send("POST", `/api/people/${personId}/uploads`, [
      filePart([Buffer.from("x")], "a.txt", "text/plain"),
      { name: "name", value: "After" },
    ]);
    expect(after.status).toBe(201);
    expect(after.body.name).toBe("After");

    const i = await newInterview();
    for (const order of ["before", "after"] as const) {
      const file = filePart([Buffer.from("%PDF")], "cv.pdf", "application/pdf");
      const fields = { name: "field_id", value: "docs" };
      const res = await send("POST", `/api/interviews/${i.personId}/${i.id}/files`, order === "before" ? [fields, file] : [file, fields]);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ field_id: "docs", name: "cv.pdf", size: 4 });
    }
    expect(await db().interviewFile.count({ where: { interviewId: i.id } })).toBe(2);
  });

  it("an upload over MAX_UPLOAD_BYTES is 413 with the error body, and leaves no file and no row", async () => {
    process.env.MAX_UPLOAD_BYTES = String(256 * 1024);
    resetEnvCache();
    const personId = await newPerson();
    const content = generated(4 * MB, "seed", MB);
    const res = await send("POST", `/api/people/${personId}/uploads`, [filePart(content.chunks)]);
    content.answered();
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({
      code: "payload_too_large",
      message: "The request body is larger than the limit of 256 KB.",
      request_id: res.headers.get("x-request-id"),
    });
    expect(fs.existsSync(path.join(env().dataDir, "files", d.id, "people", personId))).toBe(false);
    expect(await db().personFile.count({ where: { personId } })).toBe(0);

    // Content-Length already over the limit: refused before reading.
    const declared = await call("POST", `/api/people/${personId}/uploads`, {
      token: d.admin.token,
      rawBody: new Uint8Array(16),
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(300 * 1024) },
    });
    expect(declared.status).toBe(413);
  });

  it("a refused field_id leaves no bytes: deleted when it comes after the file, never written when before", async () => {
    const i = await newInterview();
    const after = await send("POST", `/api/interviews/${i.personId}/${i.id}/files`, [filePart(generated(2 * MB).chunks), { name: "field_id", value: "nope" }]);
    expect(after.status).toBe(400);
    expect(after.body.error.details[0].path).toBe("field_id");

    const content = generated(8 * MB, "seed", MB);
    const before = await send("POST", `/api/interviews/${i.personId}/${i.id}/files`, [{ name: "field_id", value: "nope" }, filePart(content.chunks)]);
    content.answered();
    expect(before.status).toBe(400);
    expect(before.body.error.details[0].path).toBe("field_id");

    expect(filesUnder(`${d.id}/interviews/${i.id}`)).toEqual([]);
    expect(await db().interviewFile.count({ where: { interviewId: i.id } })).toBe(0);
  });

  it("a client that goes away mid-upload leaves no bytes and no row", async () => {
    const personId = await newPerson();
    const res = await send("POST", `/api/people/${personId}/uploads`, [filePart(generated(8 * MB).chunks)], { failAfterBytes: 3 * MB });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("The upload was interrupted before it was complete.");
    expect(filesUnder(`${d.id}/people/${personId}`)).toEqual([]);
    expect(await db().personFile.count({ where: { personId } })).toBe(0);

    const i = await newInterview();
    const interview = await send(
      "POST",
      `/api/interviews/${i.personId}/${i.id}/files`,
      [{ name: "field_id", value: "docs" }, filePart(generated(4 * MB).chunks)],
      {
        failAfterBytes: MB,
      },
    );
    expect(interview.status).toBe(400);
    expect(filesUnder(`${d.id}/interviews/${i.id}`)).toEqual([]);
  });

  it("checks the content type: 415 unless multipart/form-data, 400 without a boundary", async () => {
    const personId = await newPerson();
    const i = await newInterview();
    for (const [method, url] of [
      ["POST", `/api/people/${personId}/uploads`],
      ["PUT", `/api/people/${personId}/photo`],
      ["POST", `/api/interviews/${i.personId}/${i.id}/files`],
    ]) {
      const json = await call(method, url, { token: d.admin.token, body: { file: "aGVsbG8=" } });
      expect(json.status).toBe(415);
      expect(json.body.error.code).toBe("unsupported_media_type");
      expect((await call(method, url, { token: d.admin.token, rawBody: new Uint8Array([1, 2, 3]) })).status).toBe(415);
      const noBoundary = await call(method, url, { token: d.admin.token, rawBody: "--x--\r\n", headers: { "content-type": "multipart/form-data" } });
      expect(noBoundary.status).toBe(400);
      expect(noBoundary.body.error.code).toBe("validation_error");
    }
  });

  it("a photo over 5 MB is 413, and one that is not an image is refused before a byte is stored", async () => {
    const personId = await newPerson();
    const big = await send("PUT", `/api/people/${personId}/photo`, [filePart(generated(6 * MB).chunks, "me.png", "image/png")]);
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe("A photo can be at most 5 MB.");

    const html = generated(8 * MB, "seed", MB);
    const refused = await send("PUT", `/api/people/${personId}/photo`, [filePart(html.chunks, "me.html", "text/html")]);
    html.answered();
    expect(refused.status).toBe(415);

    expect(filesUnder(`${d.id}/photos/${personId}`)).toEqual([]);
    expect((await api.get(`/api/people/${personId}?include=photo_url`, d.admin.token)).body.photo_url).toBeNull();
  });

  it("uploads refused and accepted at the same time for one person: the accepted ones stay whole", async () => {
    process.env.MAX_UPLOAD_BYTES = String(2 * MB);
    resetEnvCache();
    const personId = await newPerson();
    const good = Array.from({ length: 3 }, (_, n) => generated(MB, `good${n}`));
    const results = await Promise.all([
      ...good.map((content) => send("POST", `/api/people/${personId}/uploads`, [filePart(content.chunks)])),
      ...Array.from({ length: 3 }, (_, n) => send("POST", `/api/people/${personId}/uploads`, [filePart(generated(3 * MB, `bad${n}`).chunks)])),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 413, 413, 413]);
    const rows = await db().personFile.findMany({ where: { personId } });
    expect(rows).toHaveLength(3);
    expect(filesUnder(`${d.id}/people/${personId}`)).toHaveLength(3);
    for (const [n, content] of good.entries()) {
      const row = rows.find((r) => r.id === results[n].body.id)!;
      const bytes = fs.readFileSync(path.join(env().dataDir, "files", row.storageKey));
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(content.digest());
    }
  });
});

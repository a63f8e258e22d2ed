import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { api, call, streamedForm } from "../helpers/api";
import { useBlobStorage } from "../helpers/blob-server";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

// The Blob driver is chosen by BLOB_READ_WRITE_TOKEN; the SDK reaches our local server via VERCEL_BLOB_API_URL.
const TOKEN = "vercel_blob_rw_teststore_secret0123456789";
const blobStore = useBlobStorage(TOKEN);
let d: TestDistrict;

beforeAll(async () => {
  d = await makeDistrict("Blob");
});

const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\/files\//, ""));

function fileForm(content: BlobPart, fileName: string, type: string) {
  const form = new FormData();
  form.set("file", new File([content], fileName, { type }));
  return form;
}

async function newPerson() {
  const res = await api.post("/api/people", d.admin.token, { first: "Bea", last: "Blob", email: uniqueEmail("blob") });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe("Vercel Blob storage (BLOB_READ_WRITE_TOKEN set)", () => {
  it("stores an upload as a blob, serves it through /files with access checks, and deletes it", async () => {
    const personId = await newPerson();
    const created = await api.post(`/api/people/${personId}/uploads`, d.admin.token, undefined, {
      form: fileForm("%PDF-1.7 blob bytes", "cv.pdf", "application/pdf"),
    });
    expect(created.status).toBe(201);
    const key = keyOf(created.body.url);

    // The bytes went to the Blob API, under the storage key, with the content type and the token.
    const stored = blobStore.server.blobs.get(key);
    expect(stored?.bytes.toString()).toBe("%PDF-1.7 blob bytes");
    expect(stored?.contentType).toBe("application/pdf");
    const put = blobStore.server.requests.find((r) => r.method === "PUT" && r.path === `/?pathname=${encodeURIComponent(key)}`);
    expect(put?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(put?.headers["x-content-type"]).toBe("application/pdf");
    // …and nothing to the local disk.
    expect(fs.existsSync(path.join(env().dataDir, "files", key))).toBe(false);

    // Served by the app (never by handing out the blob URL), only to callers who may see the person.
    const served = await api.get(new URL(created.body.url).pathname, d.admin.token);
    expect(served.status).toBe(200);
    expect(served.body).toBe("%PDF-1.7 blob bytes");
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-length")).toBe(String("%PDF-1.7 blob bytes".length));
    expect(JSON.stringify(created.body)).not.toContain(blobStore.server.url);
    const stranger = await d.addPerson("candidate");
    expect((await api.get(new URL(created.body.url).pathname, stranger.token)).status).toBe(404);

    const removed = await api.delete(`/api/people/${personId}/uploads/${created.body.id}`, d.admin.token);
    expect(removed.status).toBe(200);
    expect(blobStore.server.blobs.has(key)).toBe(false);
    expect(blobStore.server.requests.some((r) => r.method === "POST" && r.path === "/delete")).toBe(true);
    expect((await api.get(new URL(created.body.url).pathname, d.admin.token)).status).toBe(404);
  });

  it("a photo is a blob too, and deleting the person deletes their blobs", async () => {
    const personId = await newPerson();
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    const photo = await api.put(`/api/people/${personId}/photo`, d.admin.token, { form: fileForm(png, "me.png", "image/png") });
    expect(photo.status).toBe(200);
    const upload = await api.post(`/api/people/${personId}/uploads`, d.admin.token, undefined, { form: fileForm("notes", "n.txt", "text/plain") });
    const keys = [keyOf(photo.body.photo_url), keyOf(upload.body.url)];
    // Blob objects have public URLs: every key carries a random part so none can be guessed.
    for (const key of keys) expect(key).toMatch(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}[/.]/);
    for (const key of keys) expect(blobStore.server.blobs.has(key)).toBe(true);

    const avatar = await api.get(new URL(photo.body.avatar_url).pathname, d.admin.token);
    expect(avatar.status).toBe(200);
    expect(new Uint8Array(await avatar.response.arrayBuffer())).toEqual(png);

    expect((await api.delete(`/api/people/${personId}`, d.admin.token)).status).toBe(200);
    for (const key of keys) expect(blobStore.server.blobs.has(key)).toBe(false);
    expect(await db().personFile.count({ where: { personId } })).toBe(0);
  });

  it("a blob missing from the store is a 404 at /files, not a 500", async () => {
    const personId = await newPerson();
    const created = await api.post(`/api/people/${personId}/uploads`, d.admin.token, undefined, { form: fileForm("gone", "g.txt", "text/plain") });
    blobStore.server.blobs.delete(keyOf(created.body.url));
    const res = await api.get(new URL(created.body.url).pathname, d.admin.token);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });
});

describe("Vercel Blob storage: large uploads stream through the SDK's multipart upload", () => {
  const MB = 1024 * 1024;
  const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
  const mpu = (action: string) => blobStore.server.requests.filter((r) => r.path.startsWith("/mpu?") && r.headers["x-mpu-action"] === action);

  /** `size` bytes in 64 KB chunks; after `pauseAt` bytes, waits until `until()` holds (or gives up after 10 s). */
  async function* generated(size: number, hash = createHash("sha256"), pauseAt = Infinity, until = () => true) {
    for (let offset = 0; offset < size; offset += 64 * 1024) {
      if (offset >= pauseAt) {
        const deadline = Date.now() + 10_000;
        while (!until()) {
          if (Date.now() > deadline) throw new Error("storage saw nothing while the upload was still arriving");
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      const chunk = Buffer.alloc(Math.min(64 * 1024, size - offset), createHash("sha256").update(String(offset)).digest());
      hash.update(chunk);
      yield chunk;
    }
  }

  it("sends a 20 MB upload in parts while it is still arriving, and the blob is intact", async () => {
    const personId = await newPerson();
    const hash = createHash("sha256");
    const partsBefore = mpu("upload").length;
    // The client holds back its last 8 MB until the Blob API has received a part: only a
    // server that streams (rather than reading the whole upload first) can get past this.
    const chunks = generated(20 * MB, hash, 12 * MB, () => mpu("upload").length > partsBefore);
    const res = await call("POST", `/api/people/${personId}/uploads`, {
      token: d.admin.token,
      ...streamedForm([{ name: "file", fileName: "scan.pdf", contentType: "application/pdf", chunks }]),
    });
    expect(res.status).toBe(201);
    expect(res.body.size).toBe(20 * MB);

    const key = keyOf(res.body.url);
    const created = mpu("create").find((r) => r.path === `/mpu?pathname=${encodeURIComponent(key)}`);
    expect(created?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(created?.headers["x-content-type"]).toBe("application/pdf");
    const parts = mpu("upload").filter((r) => r.path === `/mpu?pathname=${encodeURIComponent(key)}`);
    expect(parts.map((p) => p.bodyBytes)).toEqual([8 * MB, 8 * MB, 4 * MB]);
    expect(mpu("complete").some((r) => r.path === `/mpu?pathname=${encodeURIComponent(key)}`)).toBe(true);
    expect(blobStore.server.requests.some((r) => r.method === "PUT" && r.path === `/?pathname=${encodeURIComponent(key)}`)).toBe(false);

    const stored = blobStore.server.blobs.get(key)!;
    expect(stored.contentType).toBe("application/pdf");
    expect(sha256(stored.bytes)).toBe(hash.digest("hex"));
    const served = await api.get(new URL(res.body.url).pathname, d.admin.token);
    expect(sha256(new Uint8Array(await served.response.arrayBuffer()))).toBe(sha256(stored.bytes));
  });

  it("an upload cut off midway never completes: no blob, no row", async () => {
    const personId = await newPerson();
    const completes = mpu("complete").length;
    const res = await call("POST", `/api/people/${personId}/uploads`, {
      token: d.admin.token,
      ...streamedForm([{ name: "file", fileName: "cut.bin", contentType: "application/octet-stream", chunks: generated(20 * MB) }], {
        failAfterBytes: 12 * MB,
      }),
    });
    expect(res.status).toBe(400);
    expect(mpu("complete").length).toBe(completes);
    expect([...blobStore.server.blobs.keys()].some((k) => k.includes(personId))).toBe(false);
    expect(await db().personFile.count({ where: { personId } })).toBe(0);
  });

  it("a stored upload refused afterwards (field_id after the file) is deleted from the store", async () => {
    const form = await api.post("/api/forms", d.admin.token, { name: "Blob files", fields: [{ id: "docs", type: "file", label: { en: "Docs" } }] });
    const candidate = await newPerson();
    const interview = (await api.post(`/api/interviews/${candidate}`, d.admin.token, { date: "2026-06-01", form_id: form.body.id })).body;
    const res = await call("POST", `/api/interviews/${candidate}/${interview.id}/files`, {
      token: d.admin.token,
      ...streamedForm([
        { name: "file", fileName: "late.bin", contentType: "application/octet-stream", chunks: generated(9 * MB) },
        { name: "field_id", value: "not-a-field" },
      ]),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe("field_id");
    expect(mpu("complete").some((r) => r.path.includes(encodeURIComponent(`${d.id}/interviews/${interview.id}/`)))).toBe(true);
    expect([...blobStore.server.blobs.keys()].some((k) => k.includes(interview.id))).toBe(false);
  });
});

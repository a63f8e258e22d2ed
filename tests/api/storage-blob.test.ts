import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env, resetEnvCache } from "@/lib/env";
import { api } from "../helpers/api";
import { startBlobServer } from "../helpers/blob-server";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

// The Blob driver is chosen by BLOB_READ_WRITE_TOKEN; the SDK reaches our local server via VERCEL_BLOB_API_URL.
const TOKEN = "vercel_blob_rw_teststore_secret0123456789";
let blob: Awaited<ReturnType<typeof startBlobServer>>;
let d: TestDistrict;

beforeAll(async () => {
  blob = await startBlobServer(TOKEN);
  process.env.BLOB_READ_WRITE_TOKEN = TOKEN;
  process.env.VERCEL_BLOB_API_URL = blob.url;
  process.env.VERCEL_BLOB_RETRIES = "0";
  resetEnvCache();
  d = await makeDistrict("Blob");
});

afterAll(async () => {
  delete process.env.BLOB_READ_WRITE_TOKEN;
  delete process.env.VERCEL_BLOB_API_URL;
  delete process.env.VERCEL_BLOB_RETRIES;
  resetEnvCache();
  await blob.close();
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
    const stored = blob.blobs.get(key);
    expect(stored?.bytes.toString()).toBe("%PDF-1.7 blob bytes");
    expect(stored?.contentType).toBe("application/pdf");
    const put = blob.requests.find((r) => r.method === "PUT" && r.path === `/?pathname=${encodeURIComponent(key)}`);
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
    expect(JSON.stringify(created.body)).not.toContain(blob.url);
    const stranger = await d.addPerson("candidate");
    expect((await api.get(new URL(created.body.url).pathname, stranger.token)).status).toBe(404);

    const removed = await api.delete(`/api/people/${personId}/uploads/${created.body.id}`, d.admin.token);
    expect(removed.status).toBe(200);
    expect(blob.blobs.has(key)).toBe(false);
    expect(blob.requests.some((r) => r.method === "POST" && r.path === "/delete")).toBe(true);
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
    for (const key of keys) expect(blob.blobs.has(key)).toBe(true);

    const avatar = await api.get(new URL(photo.body.avatar_url).pathname, d.admin.token);
    expect(avatar.status).toBe(200);
    expect(new Uint8Array(await avatar.response.arrayBuffer())).toEqual(png);

    expect((await api.delete(`/api/people/${personId}`, d.admin.token)).status).toBe(200);
    for (const key of keys) expect(blob.blobs.has(key)).toBe(false);
    expect(await db().personFile.count({ where: { personId } })).toBe(0);
  });

  it("a blob missing from the store is a 404 at /files, not a 500", async () => {
    const personId = await newPerson();
    const created = await api.post(`/api/people/${personId}/uploads`, d.admin.token, undefined, { form: fileForm("gone", "g.txt", "text/plain") });
    blob.blobs.delete(keyOf(created.body.url));
    const res = await api.get(new URL(created.body.url).pathname, d.admin.token);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });
});

import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restoreBackup } from "@/lib/backup/restore-backup";
import { takeBackup } from "@/lib/backup/take-backup";
import { api } from "../helpers/api";
import { useBlobStorage } from "../helpers/blob-server";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";
import { tempDir, useOwnService } from "../helpers/own-service";

/**
 * Backups of a service whose files are in Vercel Blob (the local Blob-protocol server): the
 * archive reads them from Blob, and a restore puts them back into an empty store, byte for byte.
 */
const TOKEN = "vercel_blob_rw_backupstore_secret0123456789";
const blobStore = useBlobStorage(TOKEN);
const sha = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");
let own: Awaited<ReturnType<typeof useOwnService>>;
let d: TestDistrict;

beforeAll(async () => {
  own = await useOwnService("backup_blob");
  d = await makeDistrict("Blob backups");
}, 120_000);

afterAll(() => own.close());

describe("backups with Blob storage", () => {
  it("archives the files from Blob and restores them into an empty store, refusing one that holds them already", async () => {
    const person = await api.post("/api/people", d.admin.token, { first: "Blob", last: "Backup", email: uniqueEmail("blob") });
    expect(person.status).toBe(201);
    // One small file, and one large enough to be uploaded in parts on the way back.
    const contents = [randomBytes(70_000), randomBytes(11 * 1024 * 1024)];
    for (const [i, bytes] of contents.entries()) {
      const form = new FormData();
      form.set("file", new File([bytes], `f${i}.pdf`, { type: "application/pdf" }));
      expect((await api.post(`/api/people/${person.body.id}/uploads`, d.admin.token, undefined, { form })).status).toBe(201);
    }
    const before = new Map([...blobStore.server.blobs.values()].map((b) => [b.pathname, sha(b.bytes)]));
    expect([...before.values()].sort()).toEqual(contents.map(sha).sort());

    const summary = await takeBackup(own.url, { to: `${tempDir("blob-out")}/` });
    expect(summary.files).toBe(2);

    blobStore.server.blobs.clear(); // a new, empty store
    const restored = await restoreBackup(summary.file, { kind: "pglite", dataDir: tempDir("blob-restored") });
    expect(restored).toMatchObject({ files: 2, rows: summary.rows });
    expect(new Map([...blobStore.server.blobs.values()].map((b) => [b.pathname, sha(b.bytes)]))).toEqual(before);

    await expect(restoreBackup(summary.file, { kind: "pglite", dataDir: tempDir("blob-again") })).rejects.toThrow(
      /the Blob store \(BLOB_READ_WRITE_TOKEN\) already holds .+: restore into an empty store/,
    );
  }, 180_000);
});

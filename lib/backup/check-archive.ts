import "server-only";
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { DUMP_ENTRY, FILES_PREFIX, MANIFEST_CHECKSUM_ENTRY, MANIFEST_ENTRY, parseManifest, type Manifest } from "./manifest";
import { readArchive } from "./read-archive";

async function digest(body: Readable) {
  const hash = createHash("sha256");
  let bytes = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
    if (chunks.length < 4096 && bytes < 64 * 1024 * 1024) chunks.push(chunk as Buffer);
  }
  return { sha256: hash.digest("hex"), bytes, text: () => Buffer.concat(chunks).toString("utf8") };
}

/**
 * Reads the whole archive once and checks it against its manifest: the manifest against its own
 * checksum, the dump's and every file's size and SHA-256, nothing missing and nothing extra.
 * Nothing is written anywhere. Throws naming the first thing wrong; returns the manifest.
 */
export async function checkArchive(file: string, options: { passphrase?: string }): Promise<Manifest> {
  const seen = new Map<string, { sha256: string; bytes: number }>();
  let manifestText: string | undefined;
  let manifestChecksum: string | undefined;
  await readArchive(file, options, async (name, _size, body) => {
    const d = await digest(body);
    if (name === MANIFEST_ENTRY) {
      manifestText = d.text();
      seen.set(name, d);
    } else if (name === MANIFEST_CHECKSUM_ENTRY) manifestChecksum = d.text().trim();
    else seen.set(name, d);
  });
  if (manifestText === undefined || manifestChecksum === undefined) throw new Error(`${MANIFEST_ENTRY} is missing: the archive is incomplete`);
  if (seen.get(MANIFEST_ENTRY)!.sha256 !== manifestChecksum) throw new Error(`${MANIFEST_ENTRY} does not match its checksum: the manifest is damaged`);
  const manifest = parseManifest(manifestText);
  const dump = seen.get(DUMP_ENTRY);
  if (!dump) throw new Error(`${DUMP_ENTRY} (the database) is missing from the archive`);
  if (dump.bytes !== manifest.database.bytes || dump.sha256 !== manifest.database.sha256)
    throw new Error(`${DUMP_ENTRY} (the database) differs from the manifest: it is damaged`);
  for (const f of manifest.files) {
    const found = seen.get(FILES_PREFIX + f.key);
    if (!found) throw new Error(`the file ${f.key} is missing from the archive`);
    if (found.bytes !== f.bytes || found.sha256 !== f.sha256) throw new Error(`the file ${f.key} differs from the manifest (SHA-256 or size): it is damaged`);
  }
  const expected = new Set([MANIFEST_ENTRY, DUMP_ENTRY, ...manifest.files.map((f) => FILES_PREFIX + f.key)]);
  const extra = [...seen.keys()].find((name) => !expected.has(name));
  if (extra) throw new Error(`the archive holds ${extra}, which the manifest does not list`);
  return manifest;
}

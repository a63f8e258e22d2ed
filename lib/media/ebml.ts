/**
 * Reading EBML, the binary layout of Matroska/WebM: variable-length integers, element headers,
 * the children of an element held in memory. Shared by the layout reader (webm-layout.ts) and
 * the one-pass seekable writer (seekable-webm.ts).
 */

/** A WebM this code does not recognise (finalize falls back to ffmpeg on it). */
export class UnrecognisedWebm extends Error {}

/** The element ids (Matroska/WebM) the audio code reads or writes. */
export const EBML_ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  seekPosition: 0x53ac,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  cues: 0x1c53bb6b,
  cuePoint: 0xbb,
  cueTime: 0xb3,
  cueTrackPositions: 0xb7,
  cueTrack: 0xf7,
  cueClusterPosition: 0xf1,
  void: 0xec,
  crc32: 0xbf,
} as const;

export type Vint = { value: number; length: number; unknown: boolean };

/**
 * The variable-length integer at `offset`, or null when the bytes end before it does.
 * `keepMarker` for element ids, which keep their length bit; `unknown` marks the all-ones size
 * of a live stream's Segment and Clusters.
 */
export function readVint(bytes: Uint8Array, offset: number, keepMarker: boolean): Vint | null {
  const first = bytes[offset];
  if (first === undefined) return null;
  if (first === 0) throw new UnrecognisedWebm("an EBML number longer than 8 bytes");
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  if (offset + length > bytes.length) return null;
  const marker = 0x80 >> (length - 1);
  let value = keepMarker ? first : first & (marker - 1);
  let allOnes = (first & (marker - 1)) === marker - 1;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[offset + i];
    if (bytes[offset + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/** An element's header: its id, and its size (null when unknown). */
export type ElementHeader = { id: number; headerLength: number; size: number | null; sizeLength: number };

export function readElementHeader(bytes: Uint8Array, offset = 0): ElementHeader | null {
  const id = readVint(bytes, offset, true);
  if (!id) return null;
  const size = readVint(bytes, offset + id.length, false);
  if (!size) return null;
  return { id: id.value, headerLength: id.length + size.length, size: size.unknown ? null : size.value, sizeLength: size.length };
}

/** The child elements of an element's data held in memory: each whole (`bytes`) and its content (`data`). */
export function childElements(data: Uint8Array): Array<{ id: number; bytes: Uint8Array; data: Uint8Array }> {
  const out = [];
  for (let offset = 0; offset < data.length;) {
    const header = readElementHeader(data, offset);
    if (!header || header.size === null) throw new UnrecognisedWebm("a malformed header element");
    const end = offset + header.headerLength + header.size;
    out.push({ id: header.id, bytes: data.subarray(offset, end), data: data.subarray(offset + header.headerLength, end) });
    offset = end;
  }
  return out;
}

/** An unsigned integer element's value. */
export const unsignedOf = (data: Uint8Array) => data.reduce((value, byte) => value * 256 + byte, 0);

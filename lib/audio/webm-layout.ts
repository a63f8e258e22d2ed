import fs from "node:fs/promises";

// EBML element ids (Matroska/WebM) this reader looks at.
const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  seekPosition: 0x53ac,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  duration: 0x4489,
  cluster: 0x1f43b675,
  cues: 0x1c53bb6b,
  cuePoint: 0xbb,
  cueTime: 0xb3,
  cueTrackPositions: 0xb7,
  cueTrack: 0xf7,
  cueClusterPosition: 0xf1,
} as const;

export type CuePoint = { timeMs: number; track: number; clusterPosition: number };

/**
 * The top-level layout of a WebM file, as a player sees it when it opens the file. Positions
 * are relative to the start of the Segment's data, as Matroska counts them.
 */
export type WebmLayout = {
  /** Byte offset of the Segment's data in the file: what the positions below count from. */
  segmentDataStart: number;
  durationMs: number | null;
  /** Where the Cues element starts, or null when the file has none. */
  cuesPosition: number | null;
  cuePoints: CuePoint[];
  /** Where the SeekHead says the Cues are (how a player finds Cues placed after the clusters). */
  seekHeadCuesPosition: number | null;
  clusterPositions: number[];
  /** False when a cluster of unknown size (a live stream) stopped the walk. */
  complete: boolean;
};

type Element = { id: number; position: number; dataStart: number; size: number | null };

/** Reads an EBML variable-length integer; `keepMarker` for element ids, which keep their length bit. */
function readVint(bytes: Uint8Array, offset: number, keepMarker: boolean) {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
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

function readHeader(bytes: Uint8Array, offset: number, base: number): Element | null {
  const id = readVint(bytes, offset, true);
  if (!id) return null;
  const size = readVint(bytes, offset + id.length, false);
  if (!size) return null;
  return { id: id.value, position: base + offset, dataStart: base + offset + id.length + size.length, size: size.unknown ? null : size.value };
}

/** The children of an element whose data is in memory. */
function children(data: Uint8Array): Array<{ id: number; data: Uint8Array }> {
  const result = [];
  let offset = 0;
  while (offset < data.length) {
    const header = readHeader(data, offset, 0);
    if (!header || header.size === null) break;
    result.push({ id: header.id, data: data.subarray(header.dataStart, header.dataStart + header.size) });
    offset = header.dataStart + header.size;
  }
  return result;
}

const unsigned = (data: Uint8Array) => data.reduce((value, byte) => value * 256 + byte, 0);
const float = (data: Uint8Array) => {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return data.length === 4 ? view.getFloat32(0) : data.length === 8 ? view.getFloat64(0) : NaN;
};
const child = (data: Uint8Array, id: number) => children(data).find((c) => c.id === id)?.data;

/**
 * Walks a WebM file's top-level elements by their headers only (clusters are skipped, never read),
 * so memory stays small however long the recording is.
 */
export async function readWebmLayout(file: string): Promise<WebmLayout> {
  const handle = await fs.open(file, "r");
  try {
    const fileSize = (await handle.stat()).size;
    const headerBytes = Buffer.alloc(16);
    const headerAt = async (position: number) => {
      const { bytesRead } = await handle.read(headerBytes, 0, 16, position);
      return readHeader(headerBytes.subarray(0, bytesRead), 0, position);
    };
    const body = async (element: Element) => {
      const data = Buffer.alloc(element.size ?? 0);
      await handle.read(data, 0, data.length, element.dataStart);
      return data;
    };

    const ebml = await headerAt(0);
    if (!ebml || ebml.id !== ID.ebml || ebml.size === null) throw new Error("Not a WebM file: no EBML header.");
    const segment = await headerAt(ebml.dataStart + ebml.size);
    if (!segment || segment.id !== ID.segment) throw new Error("Not a WebM file: no Segment.");
    const segmentEnd = segment.size === null ? fileSize : Math.min(fileSize, segment.dataStart + segment.size);

    const layout: WebmLayout = { segmentDataStart: segment.dataStart, durationMs: null, cuesPosition: null, cuePoints: [], seekHeadCuesPosition: null, clusterPositions: [], complete: true };
    let timestampScaleNs = 1_000_000;
    let duration: number | null = null;
    // Cue times are in ticks of the TimestampScale, converted once the whole header is read.
    const rawCues: Array<{ ticks: number; track: number; clusterPosition: number }> = [];
    let position = segment.dataStart;
    while (position < segmentEnd) {
      const element = await headerAt(position);
      if (!element) break;
      const relative = element.position - segment.dataStart;
      if (element.id === ID.cluster) layout.clusterPositions.push(relative);
      if (element.size === null) {
        layout.complete = false;
        break;
      }
      if (element.id === ID.info) {
        const info = await body(element);
        const scale = child(info, ID.timestampScale);
        if (scale) timestampScaleNs = unsigned(scale);
        const value = child(info, ID.duration);
        if (value) duration = float(value);
      } else if (element.id === ID.seekHead) {
        for (const seek of children(await body(element)).filter((c) => c.id === ID.seek)) {
          const id = child(seek.data, ID.seekId);
          const target = child(seek.data, ID.seekPosition);
          if (id && target && unsigned(id) === ID.cues) layout.seekHeadCuesPosition = unsigned(target);
        }
      } else if (element.id === ID.cues) {
        layout.cuesPosition = relative;
        for (const point of children(await body(element)).filter((c) => c.id === ID.cuePoint)) {
          const time = child(point.data, ID.cueTime);
          const positions = child(point.data, ID.cueTrackPositions);
          const track = positions && child(positions, ID.cueTrack);
          const cluster = positions && child(positions, ID.cueClusterPosition);
          if (time && track && cluster) rawCues.push({ ticks: unsigned(time), track: unsigned(track), clusterPosition: unsigned(cluster) });
        }
      }
      position = element.dataStart + element.size;
    }
    const toMs = (ticks: number) => (ticks * timestampScaleNs) / 1e6;
    layout.cuePoints = rawCues.map(({ ticks, ...point }) => ({ ...point, timeMs: toMs(ticks) }));
    layout.durationMs = duration === null || Number.isNaN(duration) ? null : Math.round(toMs(duration));
    return layout;
  } finally {
    await handle.close();
  }
}

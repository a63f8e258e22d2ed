import "server-only";
import fs from "node:fs/promises";
import { childElements, EBML_ID, readElementHeader, unsignedOf } from "./ebml";

type CuePoint = { timeMs: number; track: number; clusterPosition: number };

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

function readHeader(bytes: Uint8Array, offset: number, base: number): Element | null {
  const header = readElementHeader(bytes, offset);
  if (!header) return null;
  return { id: header.id, position: base + offset, dataStart: base + offset + header.headerLength, size: header.size };
}

const float = (data: Uint8Array) => {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return data.length === 4 ? view.getFloat32(0) : data.length === 8 ? view.getFloat64(0) : NaN;
};
const child = (data: Uint8Array, id: number) => childElements(data).find((c) => c.id === id)?.data;

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
    if (!ebml || ebml.id !== EBML_ID.ebml || ebml.size === null) throw new Error("Not a WebM file: no EBML header.");
    const segment = await headerAt(ebml.dataStart + ebml.size);
    if (!segment || segment.id !== EBML_ID.segment) throw new Error("Not a WebM file: no Segment.");
    const segmentEnd = segment.size === null ? fileSize : Math.min(fileSize, segment.dataStart + segment.size);

    const layout: WebmLayout = {
      segmentDataStart: segment.dataStart,
      durationMs: null,
      cuesPosition: null,
      cuePoints: [],
      seekHeadCuesPosition: null,
      clusterPositions: [],
      complete: true,
    };
    let timestampScaleNs = 1_000_000;
    let duration: number | null = null;
    // Cue times are in ticks of the TimestampScale, converted once the whole header is read.
    const rawCues: Array<{ ticks: number; track: number; clusterPosition: number }> = [];
    let position = segment.dataStart;
    while (position < segmentEnd) {
      const element = await headerAt(position);
      if (!element) break;
      const relative = element.position - segment.dataStart;
      if (element.id === EBML_ID.cluster) layout.clusterPositions.push(relative);
      if (element.size === null) {
        layout.complete = false;
        break;
      }
      if (element.id === EBML_ID.info) {
        const info = await body(element);
        const scale = child(info, EBML_ID.timestampScale);
        if (scale) timestampScaleNs = unsignedOf(scale);
        const value = child(info, EBML_ID.duration);
        if (value) duration = float(value);
      } else if (element.id === EBML_ID.seekHead) {
        for (const seek of childElements(await body(element)).filter((c) => c.id === EBML_ID.seek)) {
          const id = child(seek.data, EBML_ID.seekId);
          const target = child(seek.data, EBML_ID.seekPosition);
          if (id && target && unsignedOf(id) === EBML_ID.cues) layout.seekHeadCuesPosition = unsignedOf(target);
        }
      } else if (element.id === EBML_ID.cues) {
        layout.cuesPosition = relative;
        for (const point of childElements(await body(element)).filter((c) => c.id === EBML_ID.cuePoint)) {
          const time = child(point.data, EBML_ID.cueTime);
          const positions = child(point.data, EBML_ID.cueTrackPositions);
          const track = positions && child(positions, EBML_ID.cueTrack);
          const cluster = positions && child(positions, EBML_ID.cueClusterPosition);
          if (time && track && cluster) rawCues.push({ ticks: unsignedOf(time), track: unsignedOf(track), clusterPosition: unsignedOf(cluster) });
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

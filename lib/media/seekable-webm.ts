/*
 * A MediaRecorder WebM made seekable in ONE pass over its bytes, with every byte of audio copied
 * as it is: the fast path of finalize (remux.ts's ffmpeg is the fallback).
 *
 * MediaRecorder writes a live WebM: a Segment and Clusters of unknown size, an Info without
 * Duration, no Cues. ffmpeg remuxes it correctly but parses and re-muxes every packet: on a 2-hour
 * recording (112 MB, 360,000 Opus packets) that is 1-2 s on this machine, 10-20 times a `cat` of
 * the same bytes. Here the bytes go through untouched; only element headers are read:
 *
 *   EBML header            copied
 *   Segment                size written (8-byte vint, patched at the end)
 *     SeekHead             new: where Info, Tracks and Cues are (fixed widths, Cues patched)
 *     Info                 the input's, with a Duration (float64, patched at the end)
 *     Tracks (and Tags…)   copied
 *     Cluster …            copied; an unknown size (always an 8-byte vint) is patched in place
 *     Cues                 new: one CuePoint per cluster (its time and position), after the clusters
 *
 * as ffmpeg 4.1 lays out its own output (Cues after the clusters, found through the SeekHead: a
 * player makes one extra range request). The input's own SeekHead, Cues and Void elements are
 * dropped. Anything it does not recognise (a second EBML header, an element of unknown size
 * other than a Cluster, a header area over 1 MB) throws UnrecognisedWebm before a byte is kept,
 * and the caller falls back to ffmpeg.
 */
import "server-only";
import fs from "node:fs/promises";
import { ByteQueue, type Sink } from "./byte-queue";
import { childElements, EBML_ID, readElementHeader, readVint, UnrecognisedWebm, unsignedOf } from "./ebml";
import { element, float64, idBytes, minimalUint, size8, sizeVint, sizeVintOf, uintBytes } from "./ebml-encode";
import { WebmOutput } from "./webm-output";

export { UnrecognisedWebm };

/** Children of a Segment: inside a Cluster of unknown size, one of these ends the Cluster. */
const TOP_LEVEL = new Set<number>([
  EBML_ID.seekHead,
  EBML_ID.info,
  EBML_ID.tracks,
  EBML_ID.cluster,
  EBML_ID.cues,
  0x1254c367,
  0x1043a770,
  0x1941a469,
  EBML_ID.ebml,
]);
const DROPPED = new Set<number>([EBML_ID.seekHead, EBML_ID.cues, EBML_ID.void, EBML_ID.crc32]);
const MAX_HEADER_AREA = 1024 * 1024;

export type SeekableWebmResult = { durationMs: number; cuePoints: number; bytes: number };

/**
 * Writes `input` (a live WebM, as pieces cut anywhere) to `outputPath` as a seekable WebM.
 * Throws UnrecognisedWebm for a layout it does not handle; other errors are the input's or the disk's.
 */
export async function writeSeekableWebm(input: AsyncIterable<Uint8Array>, outputPath: string): Promise<SeekableWebmResult> {
  const handle = await fs.open(outputPath, "w");
  try {
    const result = await write(input, handle);
    return result;
  } finally {
    await handle.close();
  }
}

async function write(input: AsyncIterable<Uint8Array>, handle: fs.FileHandle): Promise<SeekableWebmResult> {
  const out = new WebmOutput(handle);
  const queue = new ByteQueue();
  const copy: Sink = (piece, start, end) => out.appendRange(piece, start, end);

  let phase: "ebml" | "segment" | "top" | "cluster" = "ebml";
  let skip = 0;
  let skipSink: Sink | null = null;
  let segmentDataStart = 0;
  let durationAt = 0; // absolute position of the Duration's float64
  let timestampScale = 1_000_000;
  let audioTrack = 1;
  const headerArea: Array<{ id: number; bytes: Uint8Array }> = [];
  let headerAreaBytes = 0;
  let headerWritten = false;
  const clusters: Array<{ position: number; ticks: number }> = [];
  let cluster: { start: number; sizeAt: number; sizeLength: number; known: boolean; remaining: number | null; ticks: number } | null = null;
  let lastBlock = -Infinity;
  let frame = 0;
  // Where the element being read began, and what was known then: a recording cut off mid-element
  // (the page closed while the recorder was writing) ends at the last whole element instead.
  let boundary = { position: 0, clusters: 0, lastBlock: -Infinity, frame: 0 };

  const relative = () => out.position - segmentDataStart;

  function writeHeaderArea() {
    headerWritten = true;
    const info = headerArea.find((e) => e.id === EBML_ID.info);
    const tracks = headerArea.find((e) => e.id === EBML_ID.tracks);
    if (!info || !tracks) throw new UnrecognisedWebm("no Info or Tracks before the first Cluster");
    const infoChildren = childElements(info.bytes.subarray(readElementHeader(info.bytes)!.headerLength)).filter((c) => c.id !== EBML_ID.duration);
    const scale = infoChildren.find((c) => c.id === EBML_ID.timestampScale);
    if (scale) timestampScale = unsignedOf(scale.data);
    for (const entry of childElements(tracks.bytes.subarray(readElementHeader(tracks.bytes)!.headerLength)).filter((c) => c.id === EBML_ID.trackEntry)) {
      const fields = childElements(entry.data);
      const type = fields.find((f) => f.id === EBML_ID.trackType);
      const number = fields.find((f) => f.id === EBML_ID.trackNumber);
      if (number && (!type || unsignedOf(type.data) === 2)) {
        audioTrack = unsignedOf(number.data);
        break;
      }
    }
    // SeekHead: three Seeks of fixed width (SeekID 4 bytes, SeekPosition 8 bytes).
    const seek = (id: number) =>
      element(EBML_ID.seek, [...element(EBML_ID.seekId, idBytes(id)), ...idBytes(EBML_ID.seekPosition), ...sizeVint(8), ...uintBytes(0, 8)]);
    const seeks = [seek(EBML_ID.info), seek(EBML_ID.tracks), seek(EBML_ID.cues)];
    const seekHead = element(EBML_ID.seekHead, seeks.flat());
    const infoBody = [...infoChildren.flatMap((c) => [...c.bytes]), ...idBytes(EBML_ID.duration), ...sizeVint(8), ...float64(0)];
    const infoBytes = [...idBytes(EBML_ID.info), ...size8(infoBody.length), ...infoBody];
    const others = headerArea.filter((e) => e.id !== EBML_ID.info);
    // Where each Seek's 8-byte SeekPosition is: the last 8 bytes of that Seek.
    const seekHeadStart = out.position;
    const seeksStart = seekHeadStart + seekHead.length - seeks.reduce((n, x) => n + x.length, 0);
    const positionField = (index: number) => seeksStart + seeks.slice(0, index + 1).reduce((n, x) => n + x.length, 0) - 8;
    const infoAt = relative() + seekHead.length;
    const tracksAt = infoAt + infoBytes.length + others.slice(0, others.indexOf(tracks)).reduce((n, e) => n + e.bytes.length, 0);
    out.patch(positionField(0), uintBytes(infoAt, 8));
    out.patch(positionField(1), uintBytes(tracksAt, 8));
    out.append(seekHead);
    durationAt = out.position + infoBytes.length - 8;
    out.append(infoBytes);
    for (const e of others) out.append(e.bytes);
    return positionField(2);
  }
  let cuesField = 0;

  /** Ends the open cluster: an unknown size (or a known one cut short) is written in place. */
  const closeCluster = (cutShort = false) => {
    if (cluster && (!cluster.known || cutShort)) {
      out.patch(cluster.sizeAt, sizeVintOf(out.position - (cluster.sizeAt + cluster.sizeLength), cluster.sizeLength));
    }
    cluster = null;
  };

  /** Handles what is in the queue; returns when it needs more bytes. */
  function drain() {
    for (;;) {
      if (skip > 0) {
        const moved = queue.consume(skip, skipSink);
        skip -= moved;
        if (cluster && cluster.remaining !== null) cluster.remaining -= moved;
        if (skip > 0) return;
        continue;
      }
      if (phase === "cluster" && cluster && cluster.remaining === 0) {
        closeCluster();
        phase = "top";
      }
      boundary = { position: out.position, clusters: clusters.length, lastBlock, frame };
      const view = queue.window(12);
      const header = readElementHeader(view.bytes, view.offset);
      if (!header) return;
      const { id, headerLength, size } = header;

      if (phase === "ebml") {
        if (id !== EBML_ID.ebml || size === null) throw new UnrecognisedWebm("no EBML header");
        if (queue.length < headerLength + size) return;
        queue.consume(headerLength + size, copy);
        phase = "segment";
        continue;
      }
      if (phase === "segment") {
        if (id !== EBML_ID.segment) throw new UnrecognisedWebm("no Segment");
        queue.consume(headerLength, null);
        out.append([...idBytes(EBML_ID.segment), ...size8(0)]);
        segmentDataStart = out.position;
        phase = "top";
        continue;
      }
      if (phase === "cluster" && cluster) {
        if (cluster.remaining === null && TOP_LEVEL.has(id)) {
          closeCluster();
          phase = "top";
          continue;
        }
        if (size === null) throw new UnrecognisedWebm("an element of unknown size inside a Cluster");
        if (id === EBML_ID.timecode) {
          if (queue.length < headerLength + size) return;
          const w = queue.window(headerLength + size);
          let ticks = 0;
          for (let i = w.offset + headerLength; i < w.offset + headerLength + size; i++) ticks = ticks * 256 + w.bytes[i];
          cluster.ticks = ticks;
          clusters.push({ position: cluster.start, ticks: cluster.ticks });
        } else if (id === EBML_ID.simpleBlock || id === EBML_ID.blockGroup) {
          // The block's time: its track number (a vint) then a signed 16-bit offset from the Cluster's.
          const need = id === EBML_ID.simpleBlock ? headerLength + 12 : headerLength + size;
          if (queue.length < Math.min(need, headerLength + size)) return;
          const w = queue.window(Math.min(need, headerLength + size));
          let block = w.bytes;
          let at = w.offset + headerLength;
          let end = Math.min(w.bytes.length, w.offset + headerLength + size);
          if (id === EBML_ID.blockGroup) {
            block = childElements(w.bytes.subarray(at, end)).find((c) => c.id === EBML_ID.block)?.data ?? new Uint8Array();
            at = 0;
            end = block.length;
          }
          const track = at < end ? readVint(block, at, false) : null;
          if (track && end - at >= track.length + 2 && track.value === audioTrack) {
            const offset = ((block[at + track.length] << 24) >> 16) | block[at + track.length + 1];
            const ticks = cluster.ticks + offset;
            if (ticks > lastBlock) {
              if (Number.isFinite(lastBlock)) frame = ticks - lastBlock;
              lastBlock = ticks;
            }
          }
        }
        skip = headerLength + size;
        skipSink = copy;
        continue;
      }
      // phase "top": a child of the Segment.
      if (id === EBML_ID.ebml) throw new UnrecognisedWebm("a second EBML header: two recordings in one");
      if (id === EBML_ID.cluster) {
        if (!headerWritten) cuesField = writeHeaderArea();
        const start = relative();
        if (size === null && header.sizeLength !== 8) throw new UnrecognisedWebm("a Cluster of unknown size with a short size field");
        const sizeAt = out.position + header.headerLength - header.sizeLength;
        queue.consume(headerLength, copy);
        cluster = { start, sizeAt, sizeLength: header.sizeLength, known: size !== null, remaining: size, ticks: 0 };
        phase = "cluster";
        continue;
      }
      if (size === null) throw new UnrecognisedWebm("a top-level element of unknown size");
      if (DROPPED.has(id)) {
        skip = headerLength + size;
        skipSink = null;
        continue;
      }
      if (!headerWritten) {
        headerAreaBytes += headerLength + size;
        if (headerAreaBytes > MAX_HEADER_AREA) throw new UnrecognisedWebm("over 1 MB before the first Cluster");
        if (queue.length < headerLength + size) return;
        const bytes = Buffer.alloc(headerLength + size);
        let filled = 0;
        queue.consume(headerLength + size, (piece, start, end) => {
          piece.copy(bytes, filled, start, end);
          filled += end - start;
        });
        headerArea.push({ id, bytes });
        continue;
      }
      skip = headerLength + size; // Tags and the like after the clusters: kept
      skipSink = copy;
    }
  }

  for await (const piece of input) {
    queue.push(Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
    drain();
    await out.settle();
  }
  if (skip > 0 || queue.length > 0) {
    // Cut off mid-element: only inside the clusters (a whole audio frame at most is dropped).
    const where = phase as string; // set inside drain()
    if (!headerWritten || (where !== "cluster" && where !== "top")) throw new UnrecognisedWebm("the recording ends in the middle of its header");
    await out.rewind(boundary.position);
    clusters.length = boundary.clusters;
    ({ lastBlock, frame } = boundary);
    const open = cluster as { start: number } | null;
    if (open && open.start >= boundary.position - segmentDataStart)
      cluster = null; // its own header was cut
    else closeCluster(true);
    skip = 0;
  }
  if (!headerWritten || !clusters.length || !Number.isFinite(lastBlock)) throw new UnrecognisedWebm("no audio blocks");
  closeCluster();

  // Cues after the clusters, compact (nothing after them needs a fixed position).
  const cuesAt = relative();
  const points = clusters.map(({ position, ticks }) =>
    element(EBML_ID.cuePoint, [
      ...element(EBML_ID.cueTime, minimalUint(ticks)),
      ...element(EBML_ID.cueTrackPositions, [
        ...element(EBML_ID.cueTrack, minimalUint(audioTrack)),
        ...element(EBML_ID.cueClusterPosition, minimalUint(position)),
      ]),
    ]),
  );
  out.append(element(EBML_ID.cues, points.flat()));
  const end = out.position;
  const durationTicks = lastBlock + (frame > 0 ? frame : Math.round(20_000_000 / timestampScale));
  out.patch(cuesField, uintBytes(cuesAt, 8));
  out.patch(durationAt, float64(durationTicks));
  out.patch(segmentDataStart - 8, size8(end - segmentDataStart));
  await out.finish();
  return { durationMs: Math.round((durationTicks * timestampScale) / 1e6), cuePoints: clusters.length, bytes: end };
}

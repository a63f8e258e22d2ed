/** The writer's input (seekable-webm.ts): pieces as they arrive, read as one stream without copying when it can. */

export type Sink = (piece: Buffer, start: number, end: number) => void;

export class ByteQueue {
  private pieces: Buffer[] = [];
  private head = 0; // offset into pieces[0]
  private scratch = Buffer.alloc(64);
  length = 0;

  push(piece: Buffer) {
    if (piece.length) {
      this.pieces.push(piece);
      this.length += piece.length;
    }
  }

  /**
   * The first bytes (at least `n` when that many are queued) as a buffer and an offset into it:
   * the first piece itself when they are all in it (no copy, no view), else a copy.
   */
  window(n: number): { bytes: Uint8Array; offset: number } {
    const first = this.pieces[0];
    if (!first) return { bytes: this.scratch, offset: this.scratch.length };
    if (first.length - this.head >= n) return { bytes: first, offset: this.head };
    const out = n <= this.scratch.length ? this.scratch : Buffer.alloc(n);
    let filled = 0;
    for (let i = 0; i < this.pieces.length && filled < n; i++) {
      const start = i === 0 ? this.head : 0;
      const take = Math.min(this.pieces[i].length - start, n - filled);
      this.pieces[i].copy(out, filled, start, start + take);
      filled += take;
    }
    return { bytes: out.subarray(0, filled), offset: 0 };
  }

  /** Hands up to `n` bytes to `sink` (null drops them), piece by piece; returns how many. */
  consume(n: number, sink: Sink | null): number {
    let done = 0;
    while (done < n && this.pieces.length) {
      const piece = this.pieces[0];
      const take = Math.min(piece.length - this.head, n - done);
      sink?.(piece, this.head, this.head + take);
      this.head += take;
      done += take;
      this.length -= take;
      if (this.head === piece.length) {
        this.pieces.shift();
        this.head = 0;
      }
    }
    return done;
  }
}

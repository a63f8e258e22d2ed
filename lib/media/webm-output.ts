import type fs from "node:fs/promises";

const BLOCK = 1024 * 1024;

/**
 * The writer's output file (seekable-webm.ts): appended through 1 MB buffers (reused: fresh memory
 * costs page faults), written in order, and patched by position at the end.
 */
export class WebmOutput {
  private buffer: Buffer = Buffer.allocUnsafe(BLOCK);
  private used = 0;
  private handedOver = 0;
  private queued: Array<{ bytes: Buffer; position: number }> = [];
  private spare: Buffer[] = []; // written-out buffers, reused (fresh memory costs page faults)
  private patches: Array<{ position: number; bytes: number[] }> = [];
  constructor(private handle: fs.FileHandle) {}

  get position() {
    return this.handedOver + this.used;
  }

  /** Appends bytes (synchronously: the copy is queued, `settle` writes it). */
  append(bytes: Uint8Array | number[]) {
    const data = bytes instanceof Uint8Array ? bytes : Uint8Array.from(bytes);
    for (let offset = 0; offset < data.length;) {
      const take = Math.min(data.length - offset, BLOCK - this.used);
      this.buffer.set(data.subarray(offset, offset + take), this.used);
      this.used += take;
      offset += take;
      if (this.used === BLOCK) this.rotate();
    }
  }

  /** Appends `piece[start..end)`, copied straight into the buffer. */
  appendRange(piece: Buffer, start: number, end: number) {
    while (start < end) {
      const take = Math.min(end - start, BLOCK - this.used);
      piece.copy(this.buffer, this.used, start, start + take);
      this.used += take;
      start += take;
      if (this.used === BLOCK) this.rotate();
    }
  }

  private rotate() {
    if (!this.used) return;
    this.queued.push({ bytes: this.buffer.subarray(0, this.used), position: this.handedOver });
    this.handedOver += this.used;
    this.buffer = this.spare.pop() ?? Buffer.allocUnsafe(BLOCK);
    this.used = 0;
  }

  /** Writes what is queued, in order. */
  async settle() {
    while (this.queued.length) {
      const { bytes, position } = this.queued.shift()!;
      await this.handle.write(bytes, 0, bytes.length, position);
      if (bytes.buffer.byteLength === BLOCK && this.spare.length < 2) this.spare.push(Buffer.from(bytes.buffer, bytes.byteOffset, BLOCK));
    }
  }

  patch(position: number, bytes: number[]) {
    this.patches.push({ position, bytes });
  }

  /** Forgets everything appended after `position` (the file is cut there at the end). */
  async rewind(position: number) {
    if (position >= this.handedOver) {
      this.used = position - this.handedOver;
      return;
    }
    this.rotate();
    await this.settle();
    this.handedOver = position;
  }

  async finish() {
    this.rotate();
    await this.settle();
    for (const { position, bytes } of this.patches) await this.handle.write(Buffer.from(bytes), 0, bytes.length, position);
    await this.handle.truncate(this.position);
  }
}

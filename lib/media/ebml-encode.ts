/** EBML elements written by the seekable WebM writer (seekable-webm.ts): ids, sizes as vints, numbers. */

export const idBytes = (id: number) => {
  const length = id < 0x100 ? 1 : id < 0x10000 ? 2 : id < 0x1000000 ? 3 : 4;
  return Array.from({ length }, (_, i) => Math.floor(id / 256 ** (length - 1 - i)) % 256);
};

/** A size as an 8-byte vint (fixed width, so that a value patched later never moves anything). */
export function size8(n: number): number[] {
  const out = [0x01];
  for (let i = 6; i >= 0; i--) out.push(Math.floor(n / 256 ** i) % 256);
  return out;
}

/** A size as a vint of exactly `length` bytes. */
export function sizeVintOf(n: number, length: number): number[] {
  if (n >= 2 ** (7 * length) - 1) throw new Error(`size ${n} does not fit ${length} bytes`);
  const bytes = Array.from({ length }, (_, i) => Math.floor(n / 256 ** (length - 1 - i)) % 256);
  bytes[0] |= 0x80 >> (length - 1);
  return bytes;
}

/** A size as the shortest vint. */
export function sizeVint(n: number): number[] {
  for (let length = 1; length <= 8; length++) {
    if (n < 2 ** (7 * length) - 1) {
      const bytes = Array.from({ length }, (_, i) => Math.floor(n / 256 ** (length - 1 - i)) % 256);
      bytes[0] |= 0x80 >> (length - 1);
      return bytes;
    }
  }
  throw new Error(`size too large: ${n}`);
}

export const uintBytes = (n: number, width: number) => Array.from({ length: width }, (_, i) => Math.floor(n / 256 ** (width - 1 - i)) % 256);
export const minimalUint = (n: number) => {
  let width = 1;
  while (n >= 256 ** width) width++;
  return uintBytes(n, width);
};
export const element = (id: number, data: number[]) => [...idBytes(id), ...sizeVint(data.length), ...data];
export const float64 = (value: number) => {
  const buf = Buffer.alloc(8);
  buf.writeDoubleBE(value);
  return [...buf];
};

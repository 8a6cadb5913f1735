// A compact QR code encoder (ISO/IEC 18004): byte mode, error correction level M, versions 1 to 6
// (up to 106 bytes), enough for a kiosk's link to the phone flow. Returns the module matrix.
import { errorCorrection } from "./reed-solomon.ts";

/** Per version (index = version): data codewords per block, blocks, EC codewords per block (level M). */
const BLOCKS_M: readonly (readonly [number, number, number])[] = [
  [0, 0, 0],
  [16, 1, 10],
  [28, 1, 16],
  [44, 1, 26],
  [32, 2, 18],
  [43, 2, 24],
  [27, 4, 16],
];
export const MAX_VERSION = 6;

export type QrMatrix = {
  version: number;
  mask: number;
  size: number;
  /** modules[row][column], true = dark */
  modules: boolean[][];
};

/** Largest byte count a version holds at level M: mode (4 bits) and count (8 bits) take 12 bits. */
export function byteCapacity(version: number): number {
  const [dataPerBlock, blocks] = BLOCKS_M[version] ?? [0, 0];
  return Math.floor((dataPerBlock * blocks * 8 - 12) / 8);
}

/** The data codewords: mode 0100, 8-bit count, the bytes, terminator, padding 0xEC 0x11. */
export function dataCodewords(bytes: Uint8Array, version: number): number[] {
  const [dataPerBlock, blocks] = BLOCKS_M[version] ?? [0, 0];
  const capacityBits = dataPerBlock * blocks * 8;
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let bit = length - 1; bit >= 0; bit--) bits.push((value >>> bit) & 1);
  };
  push(0b0100, 4);
  push(bytes.length, 8);
  for (const byte of bytes) push(byte, 8);
  push(0, Math.min(4, capacityBits - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  const codewords: number[] = [];
  for (let index = 0; index < bits.length; index += 8) {
    codewords.push(bits.slice(index, index + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  }
  for (let pad = 0; codewords.length < capacityBits / 8; pad++) {
    codewords.push(pad % 2 === 0 ? 0xec : 0x11);
  }
  return codewords;
}

/** Data blocks with their EC codewords, interleaved codeword by codeword (§7.6). */
export function interleavedCodewords(data: readonly number[], version: number): number[] {
  const [dataPerBlock, blocks, ecPerBlock] = BLOCKS_M[version] ?? [0, 0, 0];
  const dataBlocks = Array.from({ length: blocks }, (_, block) =>
    data.slice(block * dataPerBlock, (block + 1) * dataPerBlock),
  );
  const ecBlocks = dataBlocks.map((block) => errorCorrection(block, ecPerBlock));
  const out: number[] = [];
  for (let index = 0; index < dataPerBlock; index++)
    for (const b of dataBlocks) out.push(b[index] ?? 0);
  for (let index = 0; index < ecPerBlock; index++)
    for (const b of ecBlocks) out.push(b[index] ?? 0);
  return out;
}

/** The 15 format bits for level M and a mask: BCH(15,5) with 0x537, then masked with 0x5412. */
export function formatBits(mask: number): number {
  const data = (0b00 << 3) | mask;
  let remainder = data;
  for (let step = 0; step < 10; step++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  return ((data << 10) | remainder) ^ 0x5412;
}

export const MASKS: readonly ((row: number, column: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

/** The smallest version holding `text` as UTF-8, or null when it is longer than version 6 holds. */
export function encodeQr(text: string): QrMatrix | null {
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  while (version <= MAX_VERSION && bytes.length > byteCapacity(version)) version++;
  if (version > MAX_VERSION) return null;
  const codewords = interleavedCodewords(dataCodewords(bytes, version), version);
  const base = new QrGrid(version);
  base.placeData(codewords);
  let best: QrMatrix | null = null;
  let bestPenalty = Number.POSITIVE_INFINITY;
  for (let mask = 0; mask < MASKS.length; mask++) {
    const modules = base.withMask(mask);
    const score = penalty(modules);
    if (score < bestPenalty) {
      bestPenalty = score;
      best = { version, mask, size: base.size, modules };
    }
  }
  return best;
}

/** The function patterns, then the data; masks are applied to copies. */
class QrGrid {
  readonly version: number;
  readonly size: number;
  readonly dark: boolean[][];
  readonly reserved: boolean[][];

  constructor(version: number) {
    this.version = version;
    this.size = 17 + 4 * version;
    this.dark = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
    this.reserved = Array.from({ length: this.size }, () =>
      new Array<boolean>(this.size).fill(false),
    );
    this.drawFunctionPatterns();
  }

  private set(row: number, column: number, dark: boolean) {
    const line = this.dark[row];
    const reservedLine = this.reserved[row];
    if (!line || !reservedLine || column < 0 || column >= this.size) return;
    line[column] = dark;
    reservedLine[column] = true;
  }

  private drawFunctionPatterns() {
    const { size } = this;
    for (let index = 0; index < size; index++) {
      this.set(6, index, index % 2 === 0);
      this.set(index, 6, index % 2 === 0);
    }
    for (const [row, column] of [
      [3, 3],
      [3, size - 4],
      [size - 4, 3],
    ] as const) {
      // finder (7×7) with its light separator around it
      for (let dr = -4; dr <= 4; dr++) {
        for (let dc = -4; dc <= 4; dc++) {
          const r = row + dr;
          const c = column + dc;
          if (r < 0 || r >= size || c < 0 || c >= size) continue;
          const ring = Math.max(Math.abs(dr), Math.abs(dc));
          this.set(r, c, ring !== 2 && ring !== 4);
        }
      }
    }
    if (this.version >= 2) {
      const centre = size - 7;
      for (let dr = -2; dr <= 2; dr++) {
        for (let dc = -2; dc <= 2; dc++) {
          this.set(centre + dr, centre + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
        }
      }
    }
    // format areas (written per mask later) and the dark module
    this.drawFormat(0);
  }

  /** Both copies of the format bits (§7.9.1); bit 0 is the least significant. */
  drawFormat(mask: number, target = this.dark) {
    const bits = formatBits(mask);
    const bit = (index: number) => ((bits >>> index) & 1) === 1;
    const put = (row: number, column: number, value: boolean) => {
      if (target === this.dark) this.set(row, column, value);
      else {
        const line = target[row];
        if (line) line[column] = value;
      }
    };
    const { size } = this;
    for (let index = 0; index <= 5; index++) put(index, 8, bit(index));
    put(7, 8, bit(6));
    put(8, 8, bit(7));
    put(8, 7, bit(8));
    for (let index = 9; index < 15; index++) put(8, 14 - index, bit(index));
    for (let index = 0; index < 8; index++) put(8, size - 1 - index, bit(index));
    for (let index = 8; index < 15; index++) put(size - 15 + index, 8, bit(index));
    put(size - 8, 8, true);
  }

  /** Codeword bits in the two-column zigzag from the bottom right, skipping the timing column. */
  placeData(codewords: readonly number[]) {
    const { size } = this;
    const total = codewords.length * 8;
    let index = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      const upward = ((right + 1) & 2) === 0;
      for (let step = 0; step < size; step++) {
        const row = upward ? size - 1 - step : step;
        for (let offset = 0; offset < 2; offset++) {
          const column = right - offset;
          if (this.reserved[row]?.[column] || index >= total) continue;
          const byte = codewords[index >>> 3] ?? 0;
          const line = this.dark[row];
          if (line) line[column] = ((byte >>> (7 - (index & 7))) & 1) === 1;
          index++;
        }
      }
    }
  }

  withMask(mask: number): boolean[][] {
    const pattern = MASKS[mask] ?? (() => false);
    const modules = this.dark.map((line, row) =>
      line.map((dark, column) =>
        this.reserved[row]?.[column] ? dark : dark !== pattern(row, column),
      ),
    );
    this.drawFormat(mask, modules);
    return modules;
  }
}

/** The four penalty rules of §7.8.3: long runs, 2×2 blocks, finder-like patterns, dark balance. */
function penalty(modules: boolean[][]): number {
  const size = modules.length;
  const at = (row: number, column: number) => modules[row]?.[column] ?? false;
  let score = 0;
  const finderLike = [true, false, true, true, true, false, true];
  for (let line = 0; line < size; line++) {
    for (const read of [(index: number) => at(line, index), (index: number) => at(index, line)]) {
      let run = 1;
      for (let index = 1; index <= size; index++) {
        if (index < size && read(index) === read(index - 1)) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      for (let index = 0; index + 7 <= size; index++) {
        if (!finderLike.every((dark, offset) => read(index + offset) === dark)) continue;
        const lightBefore = [1, 2, 3, 4].every((d) => index - d < 0 || !read(index - d));
        const lightAfter = [0, 1, 2, 3].every((d) => index + 7 + d >= size || !read(index + 7 + d));
        if (lightBefore || lightAfter) score += 40;
      }
    }
  }
  let darkCount = 0;
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (at(row, column)) darkCount++;
      if (row + 1 < size && column + 1 < size) {
        const colour = at(row, column);
        if (
          at(row, column + 1) === colour &&
          at(row + 1, column) === colour &&
          at(row + 1, column + 1) === colour
        ) {
          score += 3;
        }
      }
    }
  }
  score += Math.floor(Math.abs((darkCount * 100) / (size * size) - 50) / 5) * 10;
  return score;
}

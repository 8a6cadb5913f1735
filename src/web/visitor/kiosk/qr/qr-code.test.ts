import { describe, expect, it } from "vitest";
import {
  byteCapacity,
  dataCodewords,
  encodeQr,
  formatBits,
  MASKS,
  MAX_VERSION,
  type QrMatrix,
} from "./qr-code.ts";
import { gfMultiply, gfPower } from "./reed-solomon.ts";

/** Level M format strings for masks 0–7 as published in the standard's table (bit 14 first). */
const FORMAT_M = [
  "101010000010010",
  "101000100100101",
  "101111001111100",
  "101101101001011",
  "100010111111001",
  "100000011001110",
  "100111110010111",
  "100101010100000",
];

/** Level M block layout per version: [data codewords per block, blocks, EC per block]. */
const LAYOUT: Record<number, [number, number, number]> = {
  1: [16, 1, 10],
  2: [28, 1, 16],
  3: [44, 1, 26],
  4: [32, 2, 18],
  5: [43, 2, 24],
  6: [27, 4, 16],
};

const at = (qr: QrMatrix, row: number, column: number) => qr.modules[row]?.[column] ?? false;

/** Reads the 15 format bits of the copy around the top-left finder, bit 14 first. */
function readFormat(qr: QrMatrix, copy: "first" | "second"): string {
  const out: boolean[] = new Array(15);
  const s = qr.size;
  if (copy === "first") {
    for (let i = 0; i <= 5; i++) out[i] = at(qr, i, 8);
    out[6] = at(qr, 7, 8);
    out[7] = at(qr, 8, 8);
    out[8] = at(qr, 8, 7);
    for (let i = 9; i < 15; i++) out[i] = at(qr, 8, 14 - i);
  } else {
    for (let i = 0; i < 8; i++) out[i] = at(qr, 8, s - 1 - i);
    for (let i = 8; i < 15; i++) out[i] = at(qr, s - 15 + i, 8);
  }
  return out
    .map((dark) => (dark ? "1" : "0"))
    .reverse()
    .join("");
}

/** Which modules hold data: everything but finders, separators, timing, alignment and format. */
function isFunction(version: number, row: number, column: number): boolean {
  const size = 17 + 4 * version;
  if (row === 6 || column === 6) return true;
  if (row <= 8 && column <= 8) return true;
  if (row <= 8 && column >= size - 8) return true;
  if (row >= size - 8 && column <= 8) return true;
  const centre = size - 7;
  return version >= 2 && Math.abs(row - centre) <= 2 && Math.abs(column - centre) <= 2;
}

/** An independent reader: unmask, walk the zigzag, de-interleave, check every block's syndromes. */
function readPayload(qr: QrMatrix): string {
  const mask = FORMAT_M.indexOf(readFormat(qr, "first"));
  expect(mask).toBeGreaterThanOrEqual(0);
  const pattern = MASKS[mask]!;
  const bitsRead: number[] = [];
  let upward = true;
  for (let right = qr.size - 1; right > 0; right -= 2) {
    if (right === 6) right--;
    for (let step = 0; step < qr.size; step++) {
      const row = upward ? qr.size - 1 - step : step;
      for (const column of [right, right - 1]) {
        if (isFunction(qr.version, row, column)) continue;
        bitsRead.push(at(qr, row, column) !== pattern(row, column) ? 1 : 0);
      }
    }
    upward = !upward;
  }
  const [perBlock, blocks, ec] = LAYOUT[qr.version]!;
  const codewords: number[] = [];
  for (let i = 0; i + 8 <= (perBlock + ec) * blocks * 8; i += 8) {
    codewords.push(bitsRead.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  }
  const data: number[][] = Array.from({ length: blocks }, () => []);
  const checks: number[][] = Array.from({ length: blocks }, () => []);
  let index = 0;
  for (let i = 0; i < perBlock; i++)
    for (let b = 0; b < blocks; b++) data[b]!.push(codewords[index++]!);
  for (let i = 0; i < ec; i++)
    for (let b = 0; b < blocks; b++) checks[b]!.push(codewords[index++]!);
  for (let b = 0; b < blocks; b++) {
    const word = [...data[b]!, ...checks[b]!];
    for (let root = 0; root < ec; root++) {
      // the codeword polynomial vanishes at every root of the generator: no error anywhere
      const value = word.reduce(
        (sum, coefficient) => gfMultiply(sum, gfPower(root)) ^ coefficient,
        0,
      );
      expect(value).toBe(0);
    }
  }
  const stream = data.flat();
  expect(stream[0]! >>> 4).toBe(0b0100);
  const length = ((stream[0]! & 0x0f) << 4) | (stream[1]! >>> 4);
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++)
    bytes[i] = ((stream[i + 1]! & 0x0f) << 4) | (stream[i + 2]! >>> 4);
  return new TextDecoder().decode(bytes);
}

describe("the QR code encoder (byte mode, level M)", () => {
  it("computes the standard's format strings for level M and every mask", () => {
    for (const [mask, expected] of FORMAT_M.entries()) {
      expect(formatBits(mask).toString(2).padStart(15, "0")).toBe(expected);
    }
  });

  it("holds the standard's byte capacities for versions 1 to 6 at level M", () => {
    expect([1, 2, 3, 4, 5, 6].map(byteCapacity)).toEqual([14, 26, 42, 62, 84, 106]);
  });

  it("builds the data codewords: mode 0100, count, bytes, terminator, then 0xEC 0x11 padding", () => {
    expect(dataCodewords(new TextEncoder().encode("ab"), 1)).toEqual([
      0x40, 0x26, 0x16, 0x20, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec,
      0x11,
    ]);
  });

  it("picks the smallest version and refuses text longer than version 6 holds", () => {
    expect(encodeQr("a".repeat(14))?.version).toBe(1);
    expect(encodeQr("a".repeat(15))?.version).toBe(2);
    expect(encodeQr("a".repeat(106))?.version).toBe(MAX_VERSION);
    expect(encodeQr("a".repeat(107))).toBeNull();
  });

  it("draws finders, timing lines, the alignment pattern and the dark module where the standard puts them", () => {
    const qr = encodeQr("https://example.com/callback-service/12?booked_through=kiosk_qr")!;
    expect(qr.size).toBe(17 + 4 * qr.version);
    for (const [top, left] of [
      [0, 0],
      [0, qr.size - 7],
      [qr.size - 7, 0],
    ] as const) {
      for (let r = 0; r < 7; r++) {
        for (let c = 0; c < 7; c++) {
          const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
          expect(at(qr, top + r, left + c)).toBe(ring !== 2);
        }
      }
    }
    for (let i = 8; i < qr.size - 8; i++) {
      expect(at(qr, 6, i)).toBe(i % 2 === 0);
      expect(at(qr, i, 6)).toBe(i % 2 === 0);
    }
    const centre = qr.size - 7;
    expect(at(qr, centre, centre)).toBe(true);
    expect(at(qr, centre - 1, centre)).toBe(false);
    expect(at(qr, centre - 2, centre - 2)).toBe(true);
    expect(at(qr, qr.size - 8, 8)).toBe(true);
  });

  it("writes the same format bits in both copies, naming the mask it chose", () => {
    const qr = encodeQr("https://example.com/x")!;
    expect(readFormat(qr, "first")).toBe(FORMAT_M[qr.mask]);
    expect(readFormat(qr, "second")).toBe(FORMAT_M[qr.mask]);
  });

  it.each([
    "A",
    "hello",
    "http://127.0.0.1:43125/callback-service/3?booked_through=kiosk_qr&lang=en",
    "https://northwind.example/callback-service/1234?booked_through=kiosk_qr&lang=pt-BR&x=żółw",
    "x".repeat(106),
  ])("reads back %s through an independent reader with error-free blocks", (text) => {
    expect(readPayload(encodeQr(text)!)).toBe(text);
  });
});

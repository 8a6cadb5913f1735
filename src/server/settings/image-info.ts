// Recognises a logo file by its first bytes (PNG, JPEG or WebP) and reads its size from the header
// where that is cheap, so an upload is judged by what it is rather than by what it claims to be.
import type { LogoType } from "../../shared/contracts/branding.ts";

export type ImageInfo = { type: LogoType; width: number | null; height: number | null };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Buffer, prefix: readonly number[], at = 0): boolean {
  return bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
}

function ascii(bytes: Buffer, at: number, length: number): string {
  return bytes.length >= at + length ? bytes.toString("latin1", at, at + length) : "";
}

/** The type and size of a PNG, JPEG or WebP file; null for anything else (SVG, GIF, text…). */
export function readImageInfo(bytes: Buffer): ImageInfo | null {
  if (startsWith(bytes, PNG_SIGNATURE)) {
    // The IHDR chunk comes first: width and height are its first two 32-bit fields.
    if (bytes.length < 24 || ascii(bytes, 12, 4) !== "IHDR") return null;
    return { type: "image/png", width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { type: "image/jpeg", ...jpegSize(bytes) };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") {
    return { type: "image/webp", ...webpSize(bytes) };
  }
  return null;
}

type Size = { width: number | null; height: number | null };
const UNKNOWN: Size = { width: null, height: null };

/** Walks the JPEG segments to the first start-of-frame, which holds the size. */
function jpegSize(bytes: Buffer): Size {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return UNKNOWN;
    const marker = bytes[at + 1]!;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return UNKNOWN;
}

function webpSize(bytes: Buffer): Size {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8X" && bytes.length >= 30) {
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  }
  if (chunk === "VP8L" && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === "VP8 " && bytes.length >= 30) {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return UNKNOWN;
}

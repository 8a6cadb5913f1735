import { describe, expect, it } from "vitest";
import { errorCorrection, gfMultiply, gfPower } from "./reed-solomon.ts";

const bits = (text: string) => text.split(" ").map((byte) => Number.parseInt(byte, 2));

describe("Reed-Solomon error correction of QR codes", () => {
  it("matches the worked example of ISO/IEC 18004 Annex I: 01234567 at 1-M", () => {
    const data = bits(
      "00010000 00100000 00001100 01010110 01100001 10000000 11101100 00010001 " +
        "11101100 00010001 11101100 00010001 11101100 00010001 11101100 00010001",
    );
    expect(errorCorrection(data, 10)).toEqual(
      bits(
        "10100101 00100100 11010100 11000001 11101101 00110110 11000111 10000111 00101100 01010101",
      ),
    );
  });

  it("matches the well-known HELLO WORLD 1-M codewords", () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(errorCorrection(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it("multiplies in GF(256) with the QR polynomial", () => {
    expect(gfPower(8)).toBe(0x1d);
    expect(gfMultiply(gfPower(100), gfPower(200))).toBe(gfPower(300));
    expect(gfMultiply(0, 7)).toBe(0);
  });
});

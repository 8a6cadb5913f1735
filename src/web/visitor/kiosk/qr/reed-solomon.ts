// Reed-Solomon error-correction codewords over GF(256) with the QR polynomial x^8+x^4+x^3+x^2+1
// (ISO/IEC 18004 §7.5.2): the remainder of data·x^n divided by the code's generator polynomial.

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let value = 1;
  for (let power = 0; power < 255; power++) {
    EXP[power] = value;
    LOG[value] = power;
    value <<= 1;
    if (value & 0x100) value ^= 0x11d;
  }
  // doubled so products never need a modulo
  for (let power = 255; power < 512; power++) EXP[power] = EXP[power - 255] ?? 0;
}

export function gfMultiply(a: number, b: number): number {
  if (a === 0 || b === 0) return 0;
  return EXP[(LOG[a] ?? 0) + (LOG[b] ?? 0)] ?? 0;
}

/** α^power in GF(256). */
export function gfPower(power: number): number {
  return EXP[power % 255] ?? 0;
}

/** Coefficients of (x − α^0)(x − α^1)…(x − α^(degree−1)), highest power first, leading 1 dropped. */
function generator(degree: number): number[] {
  let poly = [1];
  for (let root = 0; root < degree; root++) {
    const next = new Array<number>(poly.length + 1).fill(0);
    for (const [index, coefficient] of poly.entries()) {
      next[index] = (next[index] ?? 0) ^ coefficient;
      next[index + 1] = (next[index + 1] ?? 0) ^ gfMultiply(coefficient, gfPower(root));
    }
    poly = next;
  }
  return poly.slice(1);
}

/** The `count` error-correction codewords of one block of data codewords. */
export function errorCorrection(data: readonly number[], count: number): number[] {
  const divisor = generator(count);
  const remainder = new Array<number>(count).fill(0);
  for (const byte of data) {
    const factor = byte ^ (remainder.shift() ?? 0);
    remainder.push(0);
    for (let index = 0; index < count; index++) {
      remainder[index] = (remainder[index] ?? 0) ^ gfMultiply(divisor[index] ?? 0, factor);
    }
  }
  return remainder;
}

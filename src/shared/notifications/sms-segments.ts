// How many SMS a text costs: GSM-7 when every character is in the GSM 03.38 alphabet (its
// extension table's characters count twice), UCS-2 otherwise; one message holds 160 GSM-7 units or
// 70 UCS-2 code units, a longer one is split into parts of 153 or 67 (the rest is the part header).
// A character is never split across two parts (neither an extension character's escape pair nor an
// emoji's surrogate pair), so a part may hold one unit less and a text may need one part more.

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

export type SmsSegments = {
  encoding: "GSM-7" | "UCS-2";
  /** GSM-7 septets or UCS-2 code units */
  units: number;
  segments: number;
  /** what one part holds in this encoding, for "n characters left" */
  perSegment: number;
};

/** Each character's GSM-7 septets, or null when one is outside the GSM alphabet. */
function gsmCosts(chars: string[]): number[] | null {
  const costs: number[] = [];
  for (const char of chars) {
    if (basic.has(char)) costs.push(1);
    else if (extended.has(char)) costs.push(2);
    else return null;
  }
  return costs;
}

/** Parts needed when no character may straddle two of them. */
function partsFor(costs: number[], perPart: number): number {
  let parts = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > perPart) {
      parts += 1;
      used = 0;
    }
    used += cost;
  }
  return parts;
}

export function smsSegments(text: string): SmsSegments {
  const chars = [...text];
  const gsm = gsmCosts(chars);
  // UCS-2 counts UTF-16 code units: a character outside the BMP (an emoji) takes two.
  const costs = gsm ?? chars.map((char) => char.length);
  const [single, perPart] = gsm ? [160, 153] : [70, 67];
  const units = costs.reduce((sum, cost) => sum + cost, 0);
  const encoding = gsm ? "GSM-7" : "UCS-2";
  if (units <= single) return { encoding, units, segments: 1, perSegment: single };
  return { encoding, units, segments: partsFor(costs, perPart), perSegment: perPart };
}

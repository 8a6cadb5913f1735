// WCAG 2.x contrast maths, so any vendor colour gets text that stays readable on it (AA: 4.5:1), on
// the pages and in the emails alike.
export const AA_NORMAL_TEXT = 4.5;

type Rgb = readonly [number, number, number];

/** "#2979ff" → [41, 121, 255]; throws on anything that is not #rrggbb. */
export function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [
    Number.parseInt(match[1]!, 16),
    Number.parseInt(match[2]!, 16),
    Number.parseInt(match[3]!, 16),
  ];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`.toUpperCase();
}

/** Relative luminance (WCAG 2.2, definition "relative luminance"), 0 for black to 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE = "#FFFFFF";
const BLACK = "#000000";

/**
 * The text colour to put on `background`: white when white reaches AA, else black. One of the two
 * always reaches AA (the worst case, a mid grey, still gives 4.58:1 with black).
 */
export function readableTextOn(background: string): string {
  return contrastRatio(WHITE, background) >= AA_NORMAL_TEXT ? WHITE : BLACK;
}

/**
 * `colour` darkened (mixed towards black) just enough to reach `ratio` against `background`, so a
 * light brand colour can still be used for links and headings on white.
 */
export function withContrastAgainst(
  colour: string,
  background: string,
  ratio = AA_NORMAL_TEXT,
): string {
  if (contrastRatio(colour, background) >= ratio) return colour.toUpperCase();
  const towards = relativeLuminance(background) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  const from = parseHex(colour);
  for (let step = 1; step <= 100; step++) {
    const t = step / 100;
    const mixed = toHex(from.map((c, i) => c + (towards[i]! - c) * t) as unknown as Rgb);
    if (contrastRatio(mixed, background) >= ratio) return mixed;
  }
  return toHex(towards as unknown as Rgb);
}

// The kiosk's QR code drawing: uqr's modules inside the four-module quiet zone, long links included.
import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { qrCodePath } from "./qr-code-image.tsx";

const LINK = "https://northwind.example/callback-service/12?booked_through=kiosk_qr&lang=pt-BR";

/** The dark modules a path draws, as "column,row". */
function darkModules(path: string): Set<string> {
  return new Set([...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, x, y]) => `${x},${y}`));
}

describe("the kiosk's QR code", () => {
  it("draws exactly the encoder's dark modules, offset by the quiet zone", () => {
    const { path, extent } = qrCodePath(LINK);
    const qr = encode(LINK, { ecc: "M", border: 0 });
    expect(extent).toBe(qr.size + 8);
    const expected = new Set<string>();
    for (const [row, line] of qr.data.entries())
      for (const [column, dark] of line.entries())
        if (dark) expected.add(`${column + 4},${row + 4}`);
    expect(darkModules(path)).toEqual(expected);
  });

  it("leaves the quiet zone light and draws the finder pattern's corner", () => {
    const { path, extent } = qrCodePath(LINK);
    const dark = darkModules(path);
    for (let i = 0; i < extent; i++) {
      for (const edge of [0, 1, 2, 3, extent - 1])
        expect(dark.has(`${i},${edge}`) || dark.has(`${edge},${i}`)).toBe(false);
    }
    expect(dark.has("4,4")).toBe(true);
    expect(dark.has(`${extent - 5},4`)).toBe(true);
  });

  it("encodes a link longer than the old encoder's 106 bytes", () => {
    const long = `${LINK}&utm_source=${"a".repeat(200)}`;
    expect(qrCodePath(long).extent).toBeGreaterThan(qrCodePath(LINK).extent);
  });
});

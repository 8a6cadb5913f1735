// A QR code as one SVG path (dark modules as unit squares) with the four-module quiet zone the
// standard asks for; the caller names it through `label`. Encoded by uqr, a small, well-kept
// encoder (any length, error correction M), in the kiosk's chunks only.
import { encode } from "uqr";

type Props = { text: string; label: string; className?: string };

const QUIET_ZONE = 4;

/** The SVG path of the code's dark modules, the quiet zone included in its coordinates. */
export function qrCodePath(text: string): { path: string; extent: number } {
  const qr = encode(text, { ecc: "M", border: QUIET_ZONE });
  let path = "";
  for (const [row, line] of qr.data.entries()) {
    for (const [column, dark] of line.entries()) {
      if (dark) path += `M${column} ${row}h1v1h-1z`;
    }
  }
  return { path, extent: qr.size };
}

export function QrCodeImage({ text, label, className }: Props) {
  const { path, extent } = qrCodePath(text);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${extent} ${extent}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={extent} height={extent} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}

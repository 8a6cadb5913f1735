// A QR code as one SVG path (dark modules as unit squares) with the four-module quiet zone the
// standard asks for; the caller names it through `label`.
import { encodeQr } from "./qr-code.ts";

type Props = { text: string; label: string; className?: string };

const QUIET_ZONE = 4;

export function QrCodeImage({ text, label, className }: Props) {
  const qr = encodeQr(text);
  if (!qr) return null;
  const extent = qr.size + QUIET_ZONE * 2;
  let path = "";
  for (const [row, line] of qr.modules.entries()) {
    for (const [column, dark] of line.entries()) {
      if (dark) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
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

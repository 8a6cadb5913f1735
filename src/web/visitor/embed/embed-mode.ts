// Whether a visitor page runs inside a vendor's own site (spec §2 mode=embed): no header, and the
// page tells the framing page its height.

export function isEmbedded(search: URLSearchParams): boolean {
  return search.get("mode")?.trim().toLowerCase() === "embed";
}

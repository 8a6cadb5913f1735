// Whether a page runs as a lobby kiosk (spec §2 mode=kiosk). A visitor who scanned the kiosk's QR
// code (booked_through=kiosk_qr) is on their own phone: no kiosk rules, no reset.

export function isKioskPage(search: URLSearchParams): boolean {
  return (
    search.get("mode")?.trim().toLowerCase() === "kiosk" &&
    search.get("booked_through")?.trim().toLowerCase() !== "kiosk_qr"
  );
}

// Maps the page's `mode` query value (spec §2, uppercased) to the booking source stored on a
// queue appointment and its channel id (spec §4). Unknown modes are an ordinary online-queue join.
import { type BookedThrough, CHANNEL_IDS } from "../domain.ts";

/** Sources a visitor may join through on the open API; staff commands use others (e.g. lobby). */
export const VISITOR_BOOKING_SOURCES = ["online_queue", "kiosk", "kiosk_qr"] as const;
export type VisitorBookingSource = (typeof VISITOR_BOOKING_SOURCES)[number];

export type BookingSource = { bookedThrough: VisitorBookingSource; source: string | null };

export function bookingSourceFromMode(mode: string | null | undefined): BookingSource {
  switch ((mode ?? "").trim().toUpperCase()) {
    case "KIOSK":
      return { bookedThrough: "kiosk", source: null };
    case "KIOSK_QR":
      return { bookedThrough: "kiosk_qr", source: null };
    case "INVITATION":
      return { bookedThrough: "online_queue", source: "invitation" };
    default:
      return { bookedThrough: "online_queue", source: null };
  }
}

/** The channel id of spec §4 for a source, where it has one. */
export function channelIdOf(bookedThrough: BookedThrough): number | null {
  switch (bookedThrough) {
    case "online_queue":
      return CHANNEL_IDS.online_queue;
    case "kiosk":
      return CHANNEL_IDS.kiosk;
    case "kiosk_qr":
      return CHANNEL_IDS.kiosk_qr;
    default:
      return null;
  }
}

/** A physical kiosk: the visitor stands in the lobby, so no compliance tick box (spec §5). */
export function isKioskSource(bookedThrough: BookedThrough): boolean {
  return bookedThrough === "kiosk";
}

// The channel a visitor came through (spec §4 booked-through sources), in the few words the front
// desk needs: online, kiosk, front desk, contact centre, or another channel.
import type { BookedThrough } from "../../../shared/domain.ts";

const CHANNEL_MESSAGES: Partial<Record<BookedThrough, string>> = {
  online_queue: "Office.channel_online",
  client_view: "Office.channel_online",
  modern_client_view: "Office.channel_online",
  kiosk: "Office.channel_kiosk",
  kiosk_qr: "Office.channel_kiosk",
  lobby: "Office.channel_front_desk",
  call_centre: "Office.channel_contact_centre",
};

export function bookedThroughMessageId(source: BookedThrough): string {
  return CHANNEL_MESSAGES[source] ?? "Office.channel_other";
}

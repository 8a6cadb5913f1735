// One visitor as the lobby shows them, loaded and presented: the answer of the lobby's routes for one
// appointment and the staff channel's QueueAppointmentChanged payload, so both always agree.
import type { LobbyEntry } from "../../shared/contracts/lobby-entry.ts";
import type { Locale } from "../../shared/domain.ts";
import type { DbOrTx } from "../db/client.ts";
import { loadLobbyEntry } from "./load-lobby-entries.ts";
import { presentLobbyEntry } from "./present-lobby-entry.ts";

export async function loadLobbyEntryResource(
  db: DbOrTx,
  options: {
    vendorId: number;
    location: { id: number; country: string };
    id: number;
    locale: Locale;
    now?: Date;
  },
): Promise<LobbyEntry | null> {
  const { entry, questions } = await loadLobbyEntry(db, {
    vendorId: options.vendorId,
    locationId: options.location.id,
    id: options.id,
  });
  if (!entry) return null;
  return presentLobbyEntry(entry, {
    locale: options.locale,
    country: options.location.country,
    questions,
    now: options.now ?? new Date(),
  });
}

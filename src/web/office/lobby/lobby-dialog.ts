// Which dialog the lobby has open, and for whom.
import type { LobbyEntry } from "../../api/office/location-queue.ts";

export type LobbyDialog =
  | { kind: "cancel" | "no-show" | "meeting-link" | "transfer"; entry: LobbyEntry }
  | { kind: "walk-in" };

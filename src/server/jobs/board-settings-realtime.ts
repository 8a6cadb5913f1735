// Live handler: a change to the vendor's settings (`vendor.updated`, among them the lobby and TV
// page's) reaches the lobby boards on screen. It hands the change to the in-process bus, where the
// realtime bridge (broadcast-domain-events.ts) sends `BoardSettingsChanged` on the public channel of
// each of the vendor's locations, and every board re-reads itself. It runs after the cache
// invalidation handler (app.ts lists it later; live handlers run in order), so the re-read finds
// the new settings on whichever node answers it.
import { z } from "zod";
import type { DomainEventBus } from "../events/domain-events.ts";
import { defineEventHandler } from "./event-handler.ts";

export function boardSettingsRealtimeHandler(events: DomainEventBus) {
  return defineEventHandler({
    name: "board-settings-realtime",
    version: 1,
    handles: ["vendor.updated"],
    delivery: "live",
    payload: z.record(z.string(), z.unknown()),
    async handle(event) {
      events.emit("boardSettingsChanged", { vendorId: event.vendorId });
    },
  });
}

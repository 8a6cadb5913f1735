// The demo's booked appointments: for the week from tomorrow (each location's local day), some
// of the free times the availability engine offers at each public location are booked for clients
// who have visited before, so the schedule, a client's page and the reminders have something real
// to show. They start tomorrow, never today: today's line and its quoted waits stay those of the
// seeded visits, whatever the hour the demo is seeded. Every row is a slot the engine offered, with
// a staff member and (where the location has rooms) a room free for it, so no booking overlaps
// another and the exclusion constraints of decision 0025 hold.
import { and, asc, eq, isNull } from "drizzle-orm";
import type { BookedThrough } from "../../shared/domain.ts";
import { BOOKING_MEETING_METHODS } from "../../shared/domain.ts";
import type { VendorSettings } from "../../shared/vendor-settings.ts";
import type { Tx } from "../db/client.ts";
import type { InsertedVendor } from "../db/demo/demo-vendor.ts";
import type { SeededRandom } from "../db/demo/seeded-random.ts";
import { appointments, clients } from "../db/schema.ts";
import { findAvailability } from "../scheduling/availability.ts";
import { loadAvailabilityQuery } from "../scheduling/load-availability.ts";
import { localDateAt } from "../scheduling/local-day.ts";
import { generateConfirmCode } from "../security/confirm-code.ts";
import { addDays } from "../staff/materialise-shifts.ts";

/** How many local days, from tomorrow, carry demo appointments. */
export const DEMO_APPOINTMENT_DAYS = 7;
/** The shortest service the demo books: people book consultations, not errands. */
const MINIMUM_BOOKED_MINUTES = 10;
/** The share of offered times booked: a busy but not full book. */
const BOOKED_SHARE = 0.12;
const CHANNELS: readonly BookedThrough[] = [
  "client_view",
  "client_view",
  "schedule",
  "call_centre",
];

type Busy = { start: number; end: number }[];
const overlaps = (busy: Busy | undefined, start: number, end: number) =>
  busy?.some((b) => b.start < end && b.end > start) ?? false;
function hold(map: Map<number, Busy>, key: number, start: number, end: number) {
  const list = map.get(key) ?? [];
  list.push({ start, end });
  map.set(key, list);
}

export async function insertDemoAppointments(
  tx: Tx,
  inserted: InsertedVendor,
  settings: VendorSettings,
  now: Date,
  random: SeededRandom,
): Promise<number> {
  const { vendorId } = inserted;
  const known = await tx
    .select({ id: clients.id, lang: clients.lang })
    .from(clients)
    .where(and(eq(clients.vendorId, vendorId), isNull(clients.mergedIntoId)))
    .orderBy(asc(clients.id))
    .limit(400);
  if (known.length === 0) return 0;

  const staffBusy = new Map<number, Busy>();
  const roomBusy = new Map<number, Busy>();
  const rows: (typeof appointments.$inferInsert)[] = [];
  for (const location of inserted.locations.values()) {
    const tomorrow = addDays(localDateAt(now, location.definition.timezone), 1);
    for (const service of inserted.services.values()) {
      // a five-minute errand (a deposit, a card pickup) is not what people book ahead
      if ((service.definition.durationMinutes ?? MINIMUM_BOOKED_MINUTES) < MINIMUM_BOOKED_MINUTES)
        continue;
      const loaded = await loadAvailabilityQuery(tx, {
        vendorId,
        settings,
        locationId: location.id,
        serviceId: service.id,
        staffId: null,
        meetingMethod: BOOKING_MEETING_METHODS.in_person,
        fromDate: tomorrow,
        toDate: addDays(tomorrow, DEMO_APPOINTMENT_DAYS - 1),
        attendees: 1,
        now,
      });
      // private locations, services not offered there or not in person: nothing to book
      if (loaded.refusal !== undefined) continue;
      const rooms = loaded.query.rooms;
      for (const day of findAvailability(loaded.query)) {
        for (const slot of day.slots) {
          if (!random.chance(BOOKED_SHARE)) continue;
          const staffId = slot.staffIds.find(
            (id) => !overlaps(staffBusy.get(id), slot.start, slot.end),
          );
          if (staffId === undefined) continue;
          const room =
            rooms === null
              ? null
              : rooms.find((r) => !overlaps(roomBusy.get(r.id), slot.start, slot.end));
          if (room === undefined) continue;
          hold(staffBusy, staffId, slot.start, slot.end);
          if (room) hold(roomBusy, room.id, slot.start, slot.end);
          const client = random.pick(known);
          const bookedThrough = random.pick(CHANNELS);
          rows.push({
            vendorId,
            locationId: location.id,
            serviceId: service.id,
            userId: staffId,
            roomId: room?.id ?? null,
            clientId: client.id,
            status: 1,
            meetingMethod: BOOKING_MEETING_METHODS.in_person,
            bookedThrough,
            startsAt: new Date(slot.start),
            endsAt: new Date(slot.end),
            confirmCode: generateConfirmCode(),
            lang: client.lang,
            createdAt: new Date(now.getTime() - random.int(1, 20) * 86_400_000),
          });
        }
      }
    }
  }
  if (rows.length > 0) await tx.insert(appointments).values(rows);
  return rows.length;
}

// The availability engine's days as the open API's document: each slot's start and end on the
// location's wall clock with its offset, the staff named by first name and last initial only.
import type { AvailabilityDocument } from "../../shared/contracts/availability.ts";
import type { AvailabilityQuery, AvailableDay } from "../scheduling/availability.ts";
import type { AvailabilityStaffMember } from "../scheduling/load-availability.ts";
import { zonedIsoString } from "../scheduling/zoned-iso-string.ts";
import { boardName } from "../tv/board-name.ts";

export function presentAvailability(
  days: readonly AvailableDay[],
  loaded: { query: AvailabilityQuery; staff: readonly AvailabilityStaffMember[] },
): AvailabilityDocument {
  const { timeZone, fromDate, toDate } = loaded.query;
  const named = new Set<number>();
  const data = days.map((day) => ({
    type: "availability-days" as const,
    id: day.date,
    attributes: {
      date: day.date,
      slots: day.slots.map((slot) => {
        for (const id of slot.staffIds) named.add(id);
        return {
          start: zonedIsoString(slot.start, timeZone),
          end: zonedIsoString(slot.end, timeZone),
          staff_ids: slot.staffIds.map(String),
        };
      }),
    },
  }));
  const included = loaded.staff
    .filter((member) => named.has(member.id))
    .map((member) => ({
      type: "staff" as const,
      id: String(member.id),
      attributes: { display_name: boardName(member.firstName, member.lastName) },
    }));
  return { data, included, meta: { time_zone: timeZone, from: fromDate, to: toDate } };
}

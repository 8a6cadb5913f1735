// Keeps a location's schedule current: AppointmentChanged on its staff channel, and every resync
// (a reconnect, the subscription taking effect), re-read it. Queue events leave it alone.
import { useQueryClient } from "@tanstack/react-query";
import { scheduleKey } from "../../api/office/schedule.ts";
import { useStaffLocationEvents } from "../../api/office/use-staff-location-events.ts";

export function useLiveSchedule(locationId: string | null) {
  const queryClient = useQueryClient();
  useStaffLocationEvents(locationId ? [locationId] : [], (event) => {
    if (event.kind !== "booked-appointment-changed" && event.kind !== "resync") return;
    if (locationId) void queryClient.invalidateQueries({ queryKey: scheduleKey(locationId) });
  });
}

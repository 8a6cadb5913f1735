// GET /api/internal/v1/schedule: a location's day or week as the schedule page and the lobby's
// "today's appointments" show it (who works when, rooms, services, booked appointments). Fetcher,
// query options and hook; realtime (AppointmentChanged) and every change made here invalidate it.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type {
  ScheduleDocument,
  StaffAppointmentResource,
} from "../../../shared/contracts/schedule.ts";
import type { Locale } from "../../../shared/domain.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { ScheduleDocument, StaffAppointmentResource };
export type ScheduleDays = "1" | "7";
export type ScheduleRequest = { locationId: string; date: string; days: ScheduleDays };

/** Every schedule of every location (invalidate with this prefix after a change). */
export const scheduleRootKey = [OFFICE_QUERY_ROOT, "schedule"] as const;
/** One location's schedules, whatever the days. */
export const scheduleKey = (locationId: string) => [...scheduleRootKey, locationId] as const;

/** A safety net under realtime: a missed event is caught up within this long. */
const REFRESH_EVERY_MS = 120_000;

export function getSchedule(request: ScheduleRequest, locale: Locale, signal?: AbortSignal) {
  return officeApi.get<ScheduleDocument>(
    paths.api.internal.schedule({
      location_id: request.locationId,
      date: request.date,
      days: request.days,
    }),
    { locale, signal },
  );
}

export const scheduleQueryOptions = (request: ScheduleRequest, locale: Locale) =>
  queryOptions({
    queryKey: [...scheduleKey(request.locationId), request.date, request.days, locale] as const,
    queryFn: ({ signal }) => getSchedule(request, locale, signal),
    refetchInterval: REFRESH_EVERY_MS,
    refetchOnWindowFocus: true,
    // Paging to the next day keeps the grid in place until the new one arrives; another
    // location's grid, with other people's columns, does not stand in for this one's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === request.locationId ? previous : undefined,
  });

export function useSchedule(request: ScheduleRequest | null) {
  const locale = useIntl().locale as Locale;
  return useQuery({
    ...scheduleQueryOptions(request ?? { locationId: "", date: "", days: "1" }, locale),
    enabled: request !== null,
  });
}

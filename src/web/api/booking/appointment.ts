// GET /api/v2/open/appointments/{id}?code= (docs/api.md "Appointments"): a booked appointment, for
// its confirmation and manage page. A wrong id and a wrong code are both 404: "no such appointment"
// (null), not a failure. Fetcher, query options and hook.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type {
  AppointmentDocument,
  AppointmentResource,
} from "../../../shared/contracts/appointment.ts";
import type { Locale } from "../../../shared/domain.ts";
import { bookingPaths } from "../../visitor/booking/booking-paths.ts";
import { ApiError, api } from "../client.ts";

export type { AppointmentDocument, AppointmentResource };

export async function getAppointment(
  id: string,
  code: string,
  locale: Locale,
): Promise<AppointmentDocument | null> {
  try {
    return await api.get<AppointmentDocument>(bookingPaths.api.appointment(id), {
      query: { code },
      locale,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const appointmentQueryKey = (id: string, code: string, locale: Locale) =>
  ["appointment", id, code, locale] as const;

export const appointmentQueryOptions = (id: string, code: string, locale: Locale) =>
  queryOptions({
    queryKey: appointmentQueryKey(id, code, locale),
    queryFn: () => getAppointment(id, code, locale),
    staleTime: 30_000,
  });

/** The appointment in the page language; missing id or code → nothing is fetched. */
export function useAppointment(id: string | null, code: string | null) {
  const locale = useIntl().locale as Locale;
  return useQuery({
    ...appointmentQueryOptions(id ?? "", code ?? "", locale),
    enabled: Boolean(id && code),
    // A language switch keeps the appointment on screen while its translated names load.
    placeholderData: keepPreviousData,
  });
}

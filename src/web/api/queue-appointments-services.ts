// GET /api/v2/open/queue-appointments-services/{locationId} (spec §7): data[0] the services a visitor
// can join the line for at the location (names in the page language), data[1] its wait-time list.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { ServiceOption, WaitListEntry } from "../../shared/contracts/service.ts";
import type { Locale } from "../../shared/domain.ts";
import { paths } from "../paths.ts";
import { api } from "./client.ts";

/** A waiting visitor in this endpoint's wait-time list: flat, unlike the realtime `WaitTimeEntry`. */
export type { ServiceOption, WaitListEntry };
export type LocationServices = { services: ServiceOption[]; waitTimes: WaitListEntry[] };

export async function getQueueAppointmentsServices(
  locationId: string,
  locale: Locale,
): Promise<LocationServices> {
  const document = await api.get<{ data: [ServiceOption[], WaitListEntry[]] }>(
    paths.api.queueAppointmentsServices(locationId),
    // in the address too, so that the page's preload of it is used (as getLocation)
    { locale, query: { lang: locale } },
  );
  const [services, waitTimes] = document.data;
  return { services, waitTimes };
}

export const queueAppointmentsServicesQueryOptions = (locationId: string, locale: Locale) =>
  queryOptions({
    queryKey: ["queue-appointments-services", locationId, locale],
    queryFn: () => getQueueAppointmentsServices(locationId, locale),
    staleTime: 30_000,
  });

/**
 * The services and waits of the location; null id → nothing is fetched. On a language switch the
 * previous names stay until the translated ones arrive.
 */
export function useQueueAppointmentsServices(locationId: string | null) {
  const locale = useIntl().locale as Locale;
  return useQuery({
    ...queueAppointmentsServicesQueryOptions(locationId ?? "", locale),
    enabled: locationId !== null,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === locationId ? previous : undefined,
  });
}

// GET /api/v2/open/queue-appointments-services/{locationId} (spec §7): the services of a location's
// line with the fulfillments each allows there, for the lobby's add-walk-in form.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { ServiceOption } from "../../../shared/contracts/service.ts";
import type { Locale } from "../../../shared/domain.ts";
import { paths } from "../../office/office-paths.ts";
import { api } from "../client.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";

export type { ServiceOption };

export async function getWalkInServices(
  locationId: string,
  locale: Locale,
): Promise<ServiceOption[]> {
  const answer = await api.get<{ data: [ServiceOption[], unknown[]] }>(
    paths.api.queueAppointmentsServices(locationId),
    { locale },
  );
  return answer.data[0];
}

export const walkInServicesQueryOptions = (locationId: string, locale: Locale) =>
  queryOptions({
    queryKey: [OFFICE_QUERY_ROOT, "walk-in-services", locationId, locale] as const,
    queryFn: () => getWalkInServices(locationId, locale),
    staleTime: 5 * 60_000,
  });

export function useWalkInServices(locationId: string) {
  const locale = useIntl().locale as Locale;
  return useQuery(walkInServicesQueryOptions(locationId, locale));
}

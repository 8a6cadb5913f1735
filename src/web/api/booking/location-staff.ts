// GET /api/v2/open/locations/{id}/staff?service_id= (docs/api.md "Appointments"): the staff who
// serve a service at a location, for the booking's staff step. Fetcher, query options and hook.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type {
  LocationStaffDocument,
  StaffMemberResource,
} from "../../../shared/contracts/location-staff.ts";
import { bookingPaths } from "../../visitor/booking/booking-paths.ts";
import { api } from "../client.ts";

export type { StaffMemberResource };

export async function getLocationStaff(
  locationId: string,
  serviceId: string,
): Promise<StaffMemberResource[]> {
  const document = await api.get<LocationStaffDocument>(
    bookingPaths.api.locationStaff(locationId),
    {
      query: { service_id: serviceId },
    },
  );
  return document.data;
}

export const locationStaffQueryOptions = (locationId: string, serviceId: string) =>
  queryOptions({
    queryKey: ["location-staff", locationId, serviceId],
    queryFn: () => getLocationStaff(locationId, serviceId),
    staleTime: 5 * 60_000,
  });

/** The staff of the chosen location and service; nothing is fetched until both are chosen. */
export function useLocationStaff(locationId: string | null, serviceId: string | null) {
  return useQuery({
    ...locationStaffQueryOptions(locationId ?? "", serviceId ?? ""),
    enabled: locationId !== null && serviceId !== null,
  });
}

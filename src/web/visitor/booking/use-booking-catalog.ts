// What the booking steps choose from, loaded once and shared by every step through the query cache:
// the vendor's public locations, the services each offers (every candidate's when the service comes
// first, else the chosen location's), and the staff of the chosen location and service when the
// vendor lets visitors choose. No open endpoint lists a vendor's services across its locations, so
// a service-first flow reads each location's list; beyond SERVICE_FIRST_LOCATION_LIMIT locations
// that would be too many requests, and the flow asks for the location first (decision 0026).
import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";
import { useIntl } from "react-intl";
import type { Locale } from "../../../shared/domain.ts";
import { useLocationStaff } from "../../api/booking/location-staff.ts";
import { useLocationById } from "../../api/location.ts";
import { type LocationResource, useLocations } from "../../api/locations.ts";
import {
  queueAppointmentsServicesQueryOptions,
  type ServiceOption,
} from "../../api/queue-appointments-services.ts";

export const SERVICE_FIRST_LOCATION_LIMIT = 20;

type Options = {
  locationId: string | null;
  serviceId: string | null;
  serviceFirst: boolean;
  /** a kiosk or a moved appointment: the location is given, no list is needed */
  locationFixed: boolean;
  staffSelection: boolean;
};

export type BookingCatalog = ReturnType<typeof useBookingCatalog>;

export function useBookingCatalog(options: Options) {
  const { locationId, serviceId, locationFixed } = options;
  const locale = useIntl().locale as Locale;
  const list = useLocations();
  const chosen = useLocationById(locationId);
  const locations = locationFixed ? null : (list.data ?? null);
  // Service first reads every candidate's services; otherwise the chosen location's alone.
  const serviceFirst =
    options.serviceFirst &&
    !locationFixed &&
    locations !== null &&
    locations.length <= SERVICE_FIRST_LOCATION_LIMIT;
  const serviceSources = useMemo(
    () =>
      serviceFirst && locations
        ? locations.map((location) => location.id)
        : locationId
          ? [locationId]
          : [],
    [serviceFirst, locations, locationId],
  );
  const services = useQueries({
    queries: serviceSources.map((id) => queueAppointmentsServicesQueryOptions(id, locale)),
    combine: (results) => ({
      pending: results.some((result) => result.isPending),
      failed: results.some((result) => result.isError && !result.data),
      byLocation: results.map((result) => result.data?.services ?? null),
    }),
  });
  const servicesByLocation = useMemo(() => {
    const map = new Map<string, ServiceOption[]>();
    serviceSources.forEach((id, index) => {
      const offered = services.byLocation[index];
      if (offered) map.set(id, offered);
    });
    return map;
  }, [serviceSources, services.byLocation]);
  const staff = useLocationStaff(
    options.staffSelection ? locationId : null,
    options.staffSelection ? serviceId : null,
  );

  return {
    /** the public locations; null on a kiosk or while loading */
    locations,
    locationsPending: !locationFixed && list.isPending,
    locationsFailed: !locationFixed && list.isError && !list.data,
    retryLocations: () => list.refetch(),
    /** the chosen location, read on its own (a kiosk's, or one the list has not loaded yet) */
    location: (chosen.data ?? null) as LocationResource | null,
    locationPending: locationId !== null && chosen.isPending,
    locationMissing: locationId !== null && chosen.isError && !chosen.data,
    /** whether the service list spans every location (the service step comes first) */
    serviceFirst,
    servicesByLocation,
    servicesPending: services.pending,
    servicesFailed: services.failed,
    staff: staff.data ?? null,
    staffPending:
      options.staffSelection && locationId !== null && serviceId !== null && staff.isPending,
  };
}

// One location's callback page: loads the location and its services together, shows the notice
// that applies (private, method not taken, closed, no services) or the form, whose chunk starts
// loading at once, alongside the data it needs. The form's heavier parts (zod and the join rules,
// libphonenumber) load once the form is on screen and the page is idle; the notices and the search
// of an unknown location are chunks of their own, fetched only when they are what the page shows.
import { lazy, Suspense, useEffect } from "react";
import { FormattedMessage } from "react-intl";
import { MEETING_METHODS } from "../../../shared/domain.ts";
import { ApiError } from "../../api/client.ts";
import { useLocationById } from "../../api/location.ts";
import { useQueueAppointmentsServices } from "../../api/queue-appointments-services.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { ErrorPage } from "../../ui/error-page.tsx";
import { callbackAvailability } from "./callback-availability.ts";
import { CallbackDisabledNotice } from "./callback-disabled-notice.tsx";
import styles from "./callback-notice.module.css";
import type { CallbackPageQuery } from "./page-query.ts";

const loadCallbackForm = () => import("./callback-form.tsx");
const CallbackForm = lazy(() => loadCallbackForm().then((m) => ({ default: m.CallbackForm })));
const LocationClosedNotice = lazy(() =>
  import("../notices/location-closed-notice.tsx").then((m) => ({
    default: m.LocationClosedNotice,
  })),
);
const ServicesUnavailableNotice = lazy(() =>
  import("../notices/services-unavailable-notice.tsx").then((m) => ({
    default: m.ServicesUnavailableNotice,
  })),
);
const LocationSearchList = lazy(() =>
  import("./location-search-list.tsx").then((m) => ({ default: m.LocationSearchList })),
);

type Props = { locationId: string; query: CallbackPageQuery };

export function LocationCallbackView(props: Props) {
  return (
    <Suspense fallback={<LoadingStatus />}>
      <LocationCallbackContent {...props} />
    </Suspense>
  );
}

function LocationCallbackContent({ locationId, query }: Props) {
  const vendor = useCurrentVendor();
  const location = useLocationById(locationId);
  const services = useQueueAppointmentsServices(locationId);

  useEffect(() => {
    void loadCallbackForm();
  }, []);
  useEffect(() => {
    // Spec §8: a failed services load is silent for the visitor; the form just has no services.
    if (services.error) console.error("services could not be loaded", services.error);
  }, [services.error]);

  if (location.isPending) return <LoadingStatus />;
  if (location.isError) {
    const unknown =
      location.error instanceof ApiError && [404, 422].includes(location.error.status);
    if (unknown) return <LocationSearchList notFound />;
    return <ErrorPage titleId="Errors.oops" subtitleId="Errors.try_again" />;
  }

  const place = location.data;
  const availability = callbackAvailability({
    vendor: vendor.attributes,
    location: place.attributes,
    meetingMethod: query.meetingMethod,
    kiosk: query.kiosk,
  });
  switch (availability.kind) {
    case "open":
      break;
    case "disabled":
      return <CallbackDisabledNotice />;
    case "private":
      return <ServicesUnavailableNotice reason="private" location={place} />;
    case "online-queue-unavailable":
      return <ServicesUnavailableNotice reason="method_not_offered" location={place} />;
    case "method-unavailable":
      return (
        <ServicesUnavailableNotice
          reason="method_not_offered"
          meetingMethod={availability.method}
          location={place}
        />
      );
    case "closed":
      return <LocationClosedNotice location={place} />;
  }

  // A phone or video call has nobody to come to the car: only services taking walk-ins remain;
  // and only those offered by the visitor's meeting method.
  const offered = services.data?.services.filter(
    (service) =>
      (query.meetingMethod === MEETING_METHODS.in_person || service.supportsWalkin) &&
      service.meetingMethods.includes(query.meetingMethod),
  );
  if (offered && offered.length === 0) {
    return (
      <ServicesUnavailableNotice
        reason="no_services"
        meetingMethod={query.meetingMethod}
        location={place}
      />
    );
  }
  return (
    <CallbackForm
      location={place}
      services={offered ?? []}
      servicesLoading={services.isPending}
      query={query}
    />
  );
}

function LoadingStatus() {
  return (
    <p className={styles.status} role="status">
      <FormattedMessage id="CallbackService.loading" />
    </p>
  );
}

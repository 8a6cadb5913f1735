// One location's callback page: loads the location and its services together, shows the notice
// that applies (private, method not taken, closed, no services) or the form — with the ways to be
// served here when there is more than one (meeting-method-choice.tsx) — whose chunk starts
// loading at once, alongside the data it needs. The form's heavier parts (zod and the join rules,
// libphonenumber) load once the form is on screen and the page is idle; the notices and the search
// of an unknown location are chunks of their own, fetched only when they are what the page shows.
import { lazy, Suspense, useCallback, useEffect, useMemo } from "react";
import { FormattedMessage } from "react-intl";
import type { MeetingMethod } from "../../../shared/domain.ts";
import { ApiError } from "../../api/client.ts";
import { useLocationById } from "../../api/location.ts";
import { useQueueAppointmentsServices } from "../../api/queue-appointments-services.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { useSearchParams } from "../../routing/routing.tsx";
import { ErrorPage } from "../../ui/error-page.tsx";
import { IdleVisitorSnippets } from "../cx-snippets/idle-visitor-snippets.tsx";
import {
  callbackAvailability,
  meetingMethodChoices,
  pageMeetingMethod,
  servicesByMethod,
} from "./callback-availability.ts";
import { CallbackDisabledNotice } from "./callback-disabled-notice.tsx";
import styles from "./callback-notice.module.css";
import { type CallbackPageQuery, MEETING_METHOD_PARAMETER } from "./page-query.ts";

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

function LocationCallbackContent({ locationId, query: linkQuery }: Props) {
  const vendor = useCurrentVendor();
  const location = useLocationById(locationId);
  const services = useQueueAppointmentsServices(locationId);
  const [, setSearch] = useSearchParams();

  useEffect(() => {
    void loadCallbackForm();
  }, []);
  useEffect(() => {
    // Spec §8: a failed services load is silent for the visitor; the form just has no services.
    if (services.error) console.error("services could not be loaded", services.error);
  }, [services.error]);

  // The ways to be served here (a kiosk's visitor chose already, on /where), and the one the page
  // serves: the link's, else the first available.
  const settings = vendor.attributes;
  const place = location.data;
  const choices = useMemo(
    () =>
      settings && place && !linkQuery.kiosk
        ? meetingMethodChoices({
            vendor: settings,
            location: place.attributes,
            services: services.data?.services,
          })
        : [],
    [settings, place, services.data, linkQuery.kiosk],
  );
  const meetingMethod = pageMeetingMethod(
    linkQuery.meetingMethodNamed ? linkQuery.meetingMethod : null,
    choices,
  );
  const query = useMemo(
    () => (meetingMethod === linkQuery.meetingMethod ? linkQuery : { ...linkQuery, meetingMethod }),
    [linkQuery, meetingMethod],
  );
  const choose = useCallback(
    (method: MeetingMethod) =>
      setSearch(
        (search) => {
          search.set("meeting_method", MEETING_METHOD_PARAMETER[method]);
          return search;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearch],
  );

  if (location.isPending) return <LoadingStatus />;
  if (location.isError || !place) {
    const unknown =
      location.error instanceof ApiError && [404, 422].includes(location.error.status);
    if (unknown) return <LocationSearchList notFound />;
    return <ErrorPage titleId="Errors.oops" subtitleId="Errors.try_again" />;
  }

  const availability = callbackAvailability({
    vendor: vendor.attributes,
    location: place.attributes,
    meetingMethod: query.meetingMethod,
    kiosk: query.kiosk,
  });
  // Where the link's way is not taken here, the notice offers the ways that are.
  const otherWays = choices
    .filter((choice) => choice.unavailable === null && choice.method !== query.meetingMethod)
    .map((choice) => choice.method);
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
          otherWays={otherWays}
        />
      );
    case "closed":
      return <LocationClosedNotice location={place} />;
  }

  const offered = services.data && servicesByMethod(services.data.services, query.meetingMethod);
  if (offered && offered.length === 0) {
    return (
      <ServicesUnavailableNotice
        reason="no_services"
        meetingMethod={query.meetingMethod}
        location={place}
        otherWays={otherWays}
      />
    );
  }
  // A choice only where there is one to make.
  const available = choices.filter((choice) => choice.unavailable === null).length;
  return (
    <>
      {/* The vendor's notices, just before the form they are about. */}
      <IdleVisitorSnippets kind="notice" locationId={locationId} />
      <CallbackForm
        location={place}
        services={offered ?? []}
        servicesLoading={services.isPending}
        query={query}
        meetingMethods={available > 1 ? { choices, onChoose: choose } : null}
      />
    </>
  );
}

function LoadingStatus() {
  return (
    <p className={styles.status} role="status">
      <FormattedMessage id="CallbackService.loading" />
    </p>
  );
}

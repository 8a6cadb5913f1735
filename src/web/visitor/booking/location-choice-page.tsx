// /select-location/{id} (spec §2: picking a location goes to the current path + /{location id},
// keeping the query string): the location's details as the queue's finder shows them — name,
// address, directions, call, opening hours — with "Select this location", which continues the
// booking with it, and a way back to the list. The opening hours are the finder's own table,
// loaded from the finder's chunk once the page is idle: the step works without them. A location
// that cannot be booked for the chosen service says so.
import { lazy, Suspense, useEffect, useRef } from "react";
import { FormattedMessage } from "react-intl";
import { useLocationById } from "../../api/location.ts";
import type { LocationResource } from "../../api/locations.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { paths } from "../../paths.ts";
import { Link, useNavigate, useParams } from "../../routing/routing.tsx";
import { useIdle } from "../../ui/when-idle.ts";
import styles from "./booking.module.css";
import { bookingPaths } from "./booking-paths.ts";
import { queryObject } from "./booking-query.ts";
import { StepPage } from "./step-page.tsx";
import type { ReadyFlow } from "./use-booking-flow.ts";

const OpeningHoursTable = lazy(() =>
  import("../location-finder/location-finder.tsx").then((m) => ({
    default: m.OpeningHoursTable,
  })),
);

export function LocationChoicePage() {
  const { locationId = "" } = useParams();
  const location = useLocationById(/^\d{1,10}$/.test(locationId) ? locationId : null);
  return (
    <StepPage step="location" titleId="Booking.location_title" back={null} focusHeading={false}>
      {(flow) => {
        const list = bookingPaths.step("select-location", queryObject(flow.search));
        if (location.isPending)
          return (
            <p className={styles.status} role="status">
              <FormattedMessage id="Booking.loading" />
            </p>
          );
        const place = location.data;
        if (!place || !flow.locations.some((candidate) => candidate.id === place.id))
          return (
            <>
              <p className={styles.notice} role="status">
                <FormattedMessage id="Booking.location_not_bookable" />
              </p>
              <div className={styles.actions}>
                <Link className={styles.button} to={list}>
                  <FormattedMessage id="Booking.all_locations" />
                </Link>
              </div>
            </>
          );
        return <LocationChoice location={place} flow={flow} list={list} />;
      }}
    </StepPage>
  );
}

type Props = { location: LocationResource; flow: ReadyFlow; list: string };

function LocationChoice({ location, flow, list }: Props) {
  const navigate = useNavigate();
  const idle = useIdle();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const showHours = !useCurrentVendor().attributes?.client_view.hide_location_hours;
  const a = location.attributes;
  // The location's name takes focus, so a screen reader starts with what was opened.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <article className={styles.body} aria-labelledby="booking-location-name">
      <Link className={styles.back} to={list}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12l6.6-6.6Z" />
        </svg>
        <FormattedMessage id="LocationFinder.back" />
      </Link>
      <div>
        <h2 id="booking-location-name" ref={headingRef} tabIndex={-1} className={styles.dayTitle}>
          {a.name}
        </h2>
        <address className={styles.address}>{a.formatted_address}</address>
      </div>
      <div className={styles.actions}>
        <a
          className={styles.secondaryButton}
          href={paths.directions(a.formatted_address)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <FormattedMessage id="LocationFinder.directions" />
          <span className="visually-hidden">
            {" "}
            <FormattedMessage id="Common.opens_in_new_tab" />
          </span>
        </a>
        {a.phone && (
          <a className={styles.secondaryButton} href={paths.tel(a.phone)}>
            <FormattedMessage id="LocationFinder.call" />
            <span className="visually-hidden"> {a.phone_formatted ?? a.phone}</span>
          </a>
        )}
      </div>
      <button
        type="button"
        className={styles.button}
        onClick={() => navigate(flow.continueTo({ locationId: location.id }))}
      >
        <FormattedMessage id="LocationFinder.select" />
      </button>
      {showHours && idle && (
        <Suspense fallback={null}>
          <OpeningHoursTable location={location} />
        </Suspense>
      )}
    </article>
  );
}

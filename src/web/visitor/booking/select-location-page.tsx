// /select-location (spec §2 client booking steps): the locations to book at — those offering the
// chosen service, when it is known — each a link to the current path + /{location id} with the
// query kept (spec §2), where its details, hours and "Select this location" are. A plain list of
// links: the queue finder's map and search would more than double what this step loads.
import { FormattedMessage } from "react-intl";
import { Link } from "../../routing/routing.tsx";
import styles from "./booking.module.css";
import { bookingPaths } from "./booking-paths.ts";
import { queryObject } from "./booking-query.ts";
import { Chevron, StepPage } from "./step-page.tsx";

export function SelectLocationPage() {
  return (
    <StepPage step="location" titleId="Booking.location_title">
      {(flow) =>
        flow.locations.length === 0 ? (
          <p className={styles.notice} role="status">
            <FormattedMessage id="Booking.no_locations" />
          </p>
        ) : (
          <ul className={styles.choices}>
            {flow.locations.map((location) => (
              <li key={location.id}>
                <Link
                  className={styles.choice}
                  to={bookingPaths.locationDetails(location.id, queryObject(flow.search))}
                  aria-current={location.id === flow.selection.locationId || undefined}
                >
                  <span className={styles.choiceText}>
                    <span className={styles.choiceName}>{location.attributes.name}</span>
                    <span className={styles.choiceHint}>
                      {location.attributes.formatted_address}
                    </span>
                  </span>
                  <Chevron />
                </Link>
              </li>
            ))}
          </ul>
        )
      }
    </StepPage>
  );
}

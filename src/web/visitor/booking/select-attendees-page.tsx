// /select-attendees (spec §2 client booking steps): how many people come, up to the vendor's
// `booking.attendees_limit`; asked before the times, which depend on it (a room must hold everyone).
// A vendor whose limit is 1 never shows it: the flow passes it by.
import { FormattedMessage } from "react-intl";
import { useCurrentVendor } from "../../current-vendor.ts";
import { Link } from "../../routing/routing.tsx";
import styles from "./booking.module.css";
import { Chevron, StepPage } from "./step-page.tsx";
import { attendeesLimit } from "./use-booking-flow.ts";

export function SelectAttendeesPage() {
  const limit = attendeesLimit(useCurrentVendor().attributes);
  const counts = Array.from({ length: limit }, (_, index) => index + 1);
  return (
    <StepPage step="attendees" titleId="Booking.attendees_title">
      {(flow) => (
        <ul className={styles.choices}>
          {counts.map((count) => (
            <li key={count}>
              <Link
                className={styles.choice}
                to={flow.continueTo({ attendees: count })}
                aria-current={count === (flow.selection.attendees ?? 1) || undefined}
              >
                <span className={styles.choiceName}>
                  <FormattedMessage id="Booking.attendees_count" values={{ count }} />
                </span>
                <Chevron />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </StepPage>
  );
}

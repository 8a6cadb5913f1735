// /select-attendees (spec §2 client booking steps): how many people come, up to the vendor's limit.
// The vendor's settings hold no such limit yet (ATTENDEES_LIMIT is 1), so the flow passes this
// step by; the page is here for the address, and for the day the limit exists.
import { FormattedMessage } from "react-intl";
import { Link } from "../../routing/routing.tsx";
import styles from "./booking.module.css";
import { Chevron, StepPage } from "./step-page.tsx";
import { ATTENDEES_LIMIT } from "./use-booking-flow.ts";

export function SelectAttendeesPage() {
  const counts = Array.from({ length: ATTENDEES_LIMIT }, (_, index) => index + 1);
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

// /select-staff (spec §2 client booking steps; client_view.staff_selection): who the visitor would
// like to see — "Any available", then each staff member who serves the service at the location.
// Each is a link to the next step with the choice made.
import { FormattedMessage } from "react-intl";
import { Link } from "../../routing/routing.tsx";
import styles from "./booking.module.css";
import { ANY_STAFF } from "./booking-query.ts";
import { Chevron, StepPage } from "./step-page.tsx";

export function SelectStaffPage() {
  return (
    <StepPage step="staff" titleId="Booking.staff_title">
      {(flow) => {
        const choices = [
          { id: ANY_STAFF, name: null },
          ...(flow.staff ?? []).map((member) => ({
            id: member.id,
            name: member.attributes.display_name,
          })),
        ];
        return (
          <ul className={styles.choices}>
            {choices.map(({ id, name }) => (
              <li key={id}>
                <Link
                  className={styles.choice}
                  to={flow.continueTo({ staff: id })}
                  aria-current={id === flow.selection.staff || undefined}
                >
                  <span className={styles.choiceText}>
                    <span className={styles.choiceName}>
                      {name ?? <FormattedMessage id="Booking.any_staff" />}
                    </span>
                    {name === null && (
                      <span className={styles.choiceHint}>
                        <FormattedMessage id="Booking.any_staff_hint" />
                      </span>
                    )}
                  </span>
                  <Chevron />
                </Link>
              </li>
            ))}
          </ul>
        );
      }}
    </StepPage>
  );
}

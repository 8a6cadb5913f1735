// /attendee-details (spec §2 client booking steps): the summary of the choice with its "Change"
// links, then who is coming (attendee-form.tsx) and "Book appointment". The queue form's parts
// arrive with the page (form-parts.ts; booking-routes.tsx starts them with its chunk).
import { Suspense, use } from "react";
import { FormattedMessage } from "react-intl";
import { Link } from "../../routing/routing.tsx";
import { AttendeeForm, type AttendeeFormProps } from "./attendee-form.tsx";
import styles from "./booking.module.css";
import { formParts } from "./form-parts.ts";
import { StepPage } from "./step-page.tsx";

export function AttendeeDetailsPage() {
  return (
    <StepPage step="details" titleId="Booking.details_title">
      {(flow) =>
        flow.service && flow.location && flow.method && flow.selection.start ? (
          <Suspense
            fallback={
              <p className={styles.status} role="status">
                <FormattedMessage id="Booking.loading" />
              </p>
            }
          >
            <FormWithParts
              flow={flow}
              service={flow.service}
              location={flow.location}
              method={flow.method}
              start={flow.selection.start}
            />
          </Suspense>
        ) : (
          <p className={styles.notice}>
            <Link to={flow.hrefTo("timeslot")}>
              <FormattedMessage id="Booking.all_times" />
            </Link>
          </p>
        )
      }
    </StepPage>
  );
}

function FormWithParts(props: Omit<AttendeeFormProps, "parts">) {
  return <AttendeeForm {...props} parts={use(formParts())} />;
}

// The appointment details card (spec §2): service, car details for curbside, the number we will
// call, the location (in person or after the visit), the video call, directions and phone, the
// date, the staff member and the confirmation number. A kiosk shows no video or directions.
import { type ReactNode, useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import styles from "./confirmation.module.css";
import { LocationActions } from "./location-actions.tsx";
import { PhoneCallbackLine } from "./phone-callback-line.tsx";
import { type Booking, isInPerson, isPhoneCallback, isVideoCall } from "./read-booking.ts";
import { VideoCallDetails } from "./video-call-details.tsx";

type Props = { booking: Booking; kiosk: boolean };

export function DetailsCard({ booking, kiosk }: Props) {
  const headingId = useId();
  const ended = booking.status === "completed" || booking.status === "no_show";
  const { location, carDetails } = booking;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        <FormattedMessage
          id={
            booking.curbside ? "Confirmation.details_title_curbside" : "Confirmation.details_title"
          }
        />
      </h2>
      <dl className={styles.details}>
        {booking.serviceName && <Row label="Confirmation.service">{booking.serviceName}</Row>}
        {booking.curbside && carDetails && (
          <>
            <Row label="Confirmation.car">
              <FormattedMessage
                id="Confirmation.car_value"
                values={{
                  make: carDetails.make,
                  model: carDetails.model,
                  colour: carDetails.colour,
                }}
              />
            </Row>
            {carDetails.parking_space && (
              <Row label="Confirmation.parking_space">{carDetails.parking_space}</Row>
            )}
          </>
        )}
        {isPhoneCallback(booking) && !ended && booking.cellPhone && (
          <PhoneCallbackLine phone={booking.cellPhone} />
        )}
        {location && (isInPerson(booking) || ended) && (
          <Row label="Confirmation.location">
            {location.name}
            <address className={`${styles.address} ${styles.muted}`}>{location.address}</address>
          </Row>
        )}
        <Row label="Confirmation.date">
          <BookingDate created={booking.created} timeZone={location?.timezone} />
        </Row>
        {booking.staffName && <Row label="Confirmation.staff">{booking.staffName}</Row>}
        <Row label="Confirmation.confirmation_number">
          <span className={styles.code}>{booking.code}</span>
        </Row>
      </dl>
      {isVideoCall(booking) && !kiosk && !ended && <VideoCallDetails booking={booking} />}
      {isInPerson(booking) && !kiosk && location && <LocationActions location={location} />}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>
        <FormattedMessage id={label} />
      </dt>
      <dd>{children}</dd>
    </>
  );
}

/** The day the visitor joined, written the locale's way, in the location's time zone. */
function BookingDate({ created, timeZone }: { created: string; timeZone: string | undefined }) {
  const intl = useIntl();
  const date = new Date(created);
  return (
    <time dateTime={created}>
      {new Intl.DateTimeFormat(intl.locale, { dateStyle: "long", timeZone }).format(date)}
    </time>
  );
}

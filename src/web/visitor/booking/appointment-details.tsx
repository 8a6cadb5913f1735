// An appointment's details card: day and time in the location's zone (named when the browser's
// differs), service and duration, staff member, how it is held — where (with directions and the
// location's phone, not on a kiosk), or that we call the client's number, or send a video link —
// and the confirmation code.
import { type ReactNode, useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { BOOKING_MEETING_METHODS } from "../../../shared/domain.ts";
import { durationParts, formatDuration } from "../../../shared/durations.ts";
import type { AppointmentResource } from "../../api/booking/appointment.ts";
import { paths } from "../../paths.ts";
import { useKiosk } from "../kiosk/kiosk-context.ts";
import styles from "./booking.module.css";
import type { BookingMethod } from "./booking-query.ts";
import { METHOD_WORDS } from "./meeting-method-field.tsx";
import { formatTimeRange, zoneDiffers, zoneName } from "./slot-times.ts";

export function AppointmentDetails({ appointment }: { appointment: AppointmentResource }) {
  const intl = useIntl();
  const headingId = useId();
  const kiosk = useKiosk() !== null;
  const a = appointment.attributes;
  const method = a.meeting_method as BookingMethod;
  const minutes = (Date.parse(a.end) - Date.parse(a.start)) / 60_000;
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const address = [a.location.address, a.location.city].filter(Boolean).join(", ");
  const inPerson = method === BOOKING_MEETING_METHODS.in_person;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        <FormattedMessage id="Booking.appointment_details" />
      </h2>
      <dl className={styles.details}>
        <Row label="Booking.summary_when">
          <time dateTime={a.start}>
            {formatTimeRange(a.start, a.end, { timeZone: a.time_zone, locale: intl.locale })}
          </time>
          {zoneDiffers(a.time_zone, browserZone) && (
            <span className={styles.address}>
              {" "}
              ({zoneName(a.time_zone, intl.locale, new Date(a.start))})
            </span>
          )}
        </Row>
        <Row label="Booking.summary_service">
          {a.service.name}
          {minutes > 0 && (
            <span className={styles.address}>
              {" · "}
              {formatDuration(durationParts(minutes), intl.locale)}
            </span>
          )}
        </Row>
        {a.staff && <Row label="Booking.summary_staff">{a.staff.display_name}</Row>}
        <Row label="Booking.summary_method">
          {METHOD_WORDS[method] ? <FormattedMessage id={METHOD_WORDS[method].name} /> : null}
          <span className={styles.address}>
            {" · "}
            {method === BOOKING_MEETING_METHODS.phone ? (
              a.client.cell_phone_formatted ? (
                <FormattedMessage
                  id="Booking.phone_details"
                  values={{ phone: a.client.cell_phone_formatted }}
                />
              ) : (
                <FormattedMessage id="Booking.phone_details_plain" />
              )
            ) : method === BOOKING_MEETING_METHODS.video ? (
              <FormattedMessage id="Booking.video_details" />
            ) : method === BOOKING_MEETING_METHODS.off_site ? (
              (a.destination ?? "")
            ) : (
              <FormattedMessage id="Booking.in_person_details" />
            )}
          </span>
        </Row>
        <Row label="Booking.summary_location">
          {a.location.name}
          {address && <address className={styles.address}>{address}</address>}
        </Row>
        <Row label="Confirmation.confirmation_number">
          <span className={styles.code}>{a.confirm_code}</span>
        </Row>
      </dl>
      {inPerson && !kiosk && address && (
        <div className={styles.actions}>
          <a
            className={styles.secondaryButton}
            href={paths.directions(address)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <FormattedMessage id="Confirmation.directions" />
            <span className="visually-hidden">
              {" "}
              <FormattedMessage id="Common.opens_in_new_tab" />
            </span>
          </a>
          {a.location.phone && (
            <a className={styles.secondaryButton} href={paths.tel(a.location.phone)}>
              <FormattedMessage id="Confirmation.phone" />
              <span className="visually-hidden"> {a.location.phone}</span>
            </a>
          )}
        </div>
      )}
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

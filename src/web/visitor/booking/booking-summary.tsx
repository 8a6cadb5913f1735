// What is about to be booked, on the details step: service, location, staff member, day and time in
// the location's zone (named when the browser's differs), duration and way of meeting, each with a
// "Change" link back to the step that chose it (where this flow shows that step).
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { durationParts, formatDuration } from "../../../shared/durations.ts";
import { Link } from "../../routing/routing.tsx";
import { ANY_STAFF } from "./booking-query.ts";
import type { BookingStep } from "./booking-steps.ts";
import styles from "./booking-summary.module.css";
import { METHOD_WORDS } from "./meeting-method-field.tsx";
import { formatTimeRange, zoneDiffers, zoneName } from "./slot-times.ts";
import type { ReadyFlow } from "./use-booking-flow.ts";
import type { ChosenSlot } from "./use-chosen-slot.ts";

type Props = { flow: ReadyFlow; chosen: ChosenSlot; timeZone: string };

export function BookingSummary({ flow, chosen, timeZone }: Props) {
  const intl = useIntl();
  const { selection, service, location, method } = flow;
  const start = selection.start ?? "";
  const end = chosen.slot?.end ?? null;
  const minutes = end ? (Date.parse(end) - Date.parse(start)) / 60_000 : null;
  const staffName =
    selection.staff && selection.staff !== ANY_STAFF
      ? (flow.staff?.find((member) => member.id === selection.staff)?.attributes.display_name ??
        chosen.staffNames[selection.staff] ??
        null)
      : null;
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const change = (step: BookingStep, what: string) =>
    flow.plan.steps.includes(step) ? { to: flow.hrefTo(step), what } : null;
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <section className={styles.summary} aria-labelledby="booking-summary-title">
      <h2 id="booking-summary-title" className={styles.title}>
        <FormattedMessage id="Booking.summary_title" />
      </h2>
      <dl className={styles.rows}>
        <Row
          label={label("Booking.summary_service")}
          change={change("service", label("Booking.summary_service"))}
        >
          {service?.name}
        </Row>
        <Row
          label={label("Booking.summary_location")}
          change={change("location", label("Booking.summary_location"))}
        >
          {location?.attributes.name}
          {location?.attributes.formatted_address && (
            <span className={styles.muted}>{location.attributes.formatted_address}</span>
          )}
        </Row>
        {(flow.plan.steps.includes("staff") || staffName) && (
          <Row
            label={label("Booking.summary_staff")}
            change={change("staff", label("Booking.summary_staff"))}
          >
            {staffName ?? <FormattedMessage id="Booking.any_staff" />}
          </Row>
        )}
        <Row
          label={label("Booking.summary_when")}
          change={change("timeslot", label("Booking.summary_when"))}
        >
          <time dateTime={start}>
            {formatTimeRange(start, end, { timeZone, locale: intl.locale })}
          </time>
          {zoneDiffers(timeZone, browserZone) && (
            <span className={styles.muted}>{zoneName(timeZone, intl.locale, new Date(start))}</span>
          )}
        </Row>
        {minutes !== null && minutes > 0 && (
          <Row label={label("Booking.summary_duration")} change={null}>
            {formatDuration(durationParts(minutes), intl.locale)}
          </Row>
        )}
        {method !== null && (
          <Row
            label={label("Booking.summary_method")}
            change={
              flow.methods.length > 1 ? change("timeslot", label("Booking.summary_method")) : null
            }
          >
            <FormattedMessage id={METHOD_WORDS[method].name} />
          </Row>
        )}
      </dl>
    </section>
  );
}

function Row({
  label,
  change,
  children,
}: {
  label: string;
  change: { to: string; what: string } | null;
  children: ReactNode;
}) {
  return (
    <div className={styles.row}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>{children}</dd>
      {change && (
        <dd className={styles.change}>
          <Link to={change.to}>
            <FormattedMessage
              id="Booking.change"
              values={{
                what: change.what,
                hidden: (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>,
              }}
            />
          </Link>
        </dd>
      )}
    </div>
  );
}

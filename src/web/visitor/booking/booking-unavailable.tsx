// The notice that replaces a booking step where no appointment can be booked: the vendor has no
// online booking (its booking channel or client view is off), or this lobby kiosk is not set up to
// book (client_view.kiosk.appointment_booking). Each offers a way back: the home page, or the
// kiosk's start.
import { FormattedMessage, useIntl } from "react-intl";
import { useCurrentVendor } from "../../current-vendor.ts";
import { paths, withQuery } from "../../paths.ts";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { useKiosk } from "../kiosk/kiosk-context.ts";
import styles from "./booking.module.css";
import type { UnavailableReason } from "./use-booking-flow.ts";

const WORDS = {
  off: { title: "Booking.unavailable_title", message: "Booking.unavailable_message" },
  kiosk: { title: "Booking.kiosk_unavailable_title", message: "Booking.kiosk_unavailable_message" },
} as const;

export function BookingUnavailable({ reason }: { reason: UnavailableReason }) {
  const intl = useIntl();
  const vendor = useCurrentVendor();
  const [search] = useSearchParams();
  const kiosk = useKiosk();
  const title = intl.formatMessage({ id: WORDS[reason].title });
  usePageTitle(title);
  const location = search.get("location");
  return (
    <div className={styles.page}>
      <section className={`${styles.card} ${styles.body}`} aria-labelledby="booking-unavailable">
        <h1 id="booking-unavailable" className={styles.title}>
          {title}
        </h1>
        <p className={styles.lead}>
          <FormattedMessage id={WORDS[reason].message} values={{ vendor: vendor.name }} />
        </p>
        <div className={styles.actions}>
          {kiosk ? (
            <button type="button" className={styles.button} onClick={kiosk.startOver}>
              <FormattedMessage id="Booking.kiosk_back" />
            </button>
          ) : reason === "kiosk" && location ? (
            <Link
              className={styles.button}
              to={paths.kioskReset({ location, lang: search.get("lang") ?? undefined })}
            >
              <FormattedMessage id="Booking.kiosk_back" />
            </Link>
          ) : (
            <Link
              className={styles.button}
              to={withQuery(paths.home(), { lang: search.get("lang") })}
            >
              <FormattedMessage id="Booking.home" />
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}

// /how?location={id}&mode=kiosk (spec §2, §4 Kiosk): the kiosk's welcome — join the line, book an
// appointment when the vendor allows it on kiosks, the vendor's kiosk message, and a QR code that
// moves the visit to the visitor's own phone (booked_through=kiosk_qr).
import { FormattedMessage, useIntl } from "react-intl";
import type { LocationResource } from "../../api/locations.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { paths } from "../../paths.ts";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import styles from "./kiosk.module.css";
import { KioskLocationGate } from "./kiosk-location-gate.tsx";
import { QrCodeImage } from "./qr/qr-code-image.tsx";

export function KioskLandingPage() {
  return (
    <div className={styles.page}>
      <KioskLocationGate>
        {(location, locationId) => <Landing location={location} locationId={locationId} />}
      </KioskLocationGate>
    </div>
  );
}

function Landing({ location, locationId }: { location: LocationResource; locationId: string }) {
  const intl = useIntl();
  const [search] = useSearchParams();
  const kioskSettings = useCurrentVendor().attributes?.client_view.kiosk;
  const title = intl.formatMessage({ id: "Kiosk.welcome" }, { location: location.attributes.name });
  usePageTitle(title);
  const kept = {
    lang: search.get("lang") ?? undefined,
    use_new_kiosk: search.get("use_new_kiosk") ?? undefined,
  };
  const phoneLink = `${window.location.origin}${paths.callbackService(locationId, {
    booked_through: "kiosk_qr",
    lang: intl.locale,
  })}`;

  return (
    <>
      <section className={styles.card} aria-labelledby="kiosk-title">
        <h1 id="kiosk-title" className={styles.title}>
          {title}
        </h1>
        {kioskSettings?.custom_message && (
          <p className={styles.message}>{kioskSettings.custom_message}</p>
        )}
        <div className={styles.actions}>
          <Link className={styles.primary} to={paths.kioskWhere({ location: locationId, ...kept })}>
            <FormattedMessage id="Kiosk.join_line" />
          </Link>
          {kioskSettings?.appointment_booking && (
            <Link
              className={styles.secondary}
              to={paths.bookAppointment({ location: locationId, mode: "kiosk", ...kept })}
            >
              <FormattedMessage id="Kiosk.book_appointment" />
            </Link>
          )}
        </div>
      </section>
      {kioskSettings?.qr_code && (
        <section className={`${styles.card} ${styles.qr}`} aria-labelledby="kiosk-qr-title">
          <h2 id="kiosk-qr-title" className={styles.qrTitle}>
            <FormattedMessage id="Kiosk.qr_title" />
          </h2>
          <QrCodeImage
            className={styles.qrImage}
            text={phoneLink}
            label={intl.formatMessage({ id: "Kiosk.qr_label" })}
          />
          <p className={styles.muted}>
            <FormattedMessage id="Kiosk.qr_hint" />
          </p>
        </section>
      )}
    </>
  );
}

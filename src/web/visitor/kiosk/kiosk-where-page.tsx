// /where?location={id}&mode=kiosk (spec §2): how the visitor wants to be served — in person (they are
// here already: a walk-in) or by a phone callback — as far as the location and the vendor take them.
import { FormattedMessage, useIntl } from "react-intl";
import type { LocationResource } from "../../api/locations.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { paths } from "../../paths.ts";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import styles from "./kiosk.module.css";
import { KioskLocationGate } from "./kiosk-location-gate.tsx";
import { saveKioskSelection } from "./kiosk-selection-state.ts";

export function KioskWherePage() {
  return (
    <div className={styles.page}>
      <KioskLocationGate>
        {(location, locationId) => <Where location={location} locationId={locationId} />}
      </KioskLocationGate>
    </div>
  );
}

function Where({ location, locationId }: { location: LocationResource; locationId: string }) {
  const intl = useIntl();
  const [search] = useSearchParams();
  const features = useCurrentVendor().attributes?.features;
  const title = intl.formatMessage({ id: "Kiosk.where_title" });
  usePageTitle(title);
  const kept = {
    lang: search.get("lang") ?? undefined,
    use_new_kiosk: search.get("use_new_kiosk") ?? undefined,
  };
  const choices = [
    {
      method: "in_person",
      labelId: "Kiosk.in_person",
      offered: location.attributes.supports_in_person && features?.in_person_callbacks !== false,
      walkIn: 1,
    },
    {
      method: "phone",
      labelId: "Kiosk.phone_callback",
      offered: location.attributes.supports_phone && features?.phone_callbacks !== false,
      walkIn: undefined,
    },
  ].filter((choice) => choice.offered);

  return (
    <section className={styles.card} aria-labelledby="kiosk-title">
      <h1 id="kiosk-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.message}>{location.attributes.name}</p>
      {choices.length === 0 ? (
        <p className={styles.message}>
          <FormattedMessage id="Kiosk.no_methods" />
        </p>
      ) : (
        <div className={styles.actions}>
          {choices.map((choice, index) => (
            <Link
              key={choice.method}
              className={index === 0 ? styles.primary : styles.secondary}
              to={paths.callbackService(locationId, {
                mode: "kiosk",
                meeting_method: choice.method,
                walk_in: choice.walkIn,
                ...kept,
              })}
              onClick={() => saveKioskSelection({ meetingMethod: choice.method })}
            >
              <FormattedMessage id={choice.labelId} />
            </Link>
          ))}
        </div>
      )}
      <div className={styles.actions}>
        <Link className={styles.back} to={paths.kioskReset({ location: locationId, ...kept })}>
          <FormattedMessage id="Kiosk.back" />
        </Link>
      </div>
    </section>
  );
}

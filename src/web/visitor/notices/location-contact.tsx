// A location's name, address and a call link: what the services-unavailable page shows when the
// vendor allows closed-location details (spec §2 callback_closed_location_info).
import { useId } from "react";
import { FormattedMessage } from "react-intl";
import type { LocationResource } from "../../api/locations.ts";
import { paths } from "../../paths.ts";
import styles from "./notice.module.css";

export function LocationContact({ location }: { location: LocationResource }) {
  const { name, formatted_address: address, phone, phone_formatted } = location.attributes;
  const headingId = useId();
  return (
    <section className={styles.contact} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.contactName}>
        {name}
      </h2>
      {address && <address className={styles.address}>{address}</address>}
      {phone && (
        <a className={styles.call} href={paths.tel(phone)}>
          <FormattedMessage
            id="Notices.call_location"
            values={{ phone: phone_formatted ?? phone }}
          />
        </a>
      )}
    </section>
  );
}

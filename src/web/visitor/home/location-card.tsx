// One location on the home page: name, open-now state, address and a phone link.
import { useId } from "react";
import { FormattedMessage } from "react-intl";
import type { LocationResource } from "../../api/locations.ts";
import { paths } from "../../paths.ts";
import styles from "./location-card.module.css";

export function LocationCard({ location }: { location: LocationResource }) {
  const { name, formatted_address: address, phone, is_currently_open: open } = location.attributes;
  const headingId = useId();
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.name}>
        {name}
      </h2>
      <p className={open ? styles.open : styles.closed}>
        <span className={styles.dot} aria-hidden="true" />
        <FormattedMessage id={open ? "Home.open_now" : "Home.closed_now"} />
      </p>
      {address && <address className={styles.address}>{address}</address>}
      {phone && (
        <p className={styles.phone}>
          <span className="visually-hidden">
            <FormattedMessage id="Home.phone" />:{" "}
          </span>
          <PhoneIcon />
          <a href={paths.tel(phone)}>{phone}</a>
        </p>
      )}
    </article>
  );
}

function PhoneIcon() {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2Z"
      />
    </svg>
  );
}

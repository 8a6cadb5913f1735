// The home page `/`: the vendor's locations with their address, open-now state and phone.
import { FormattedMessage, useIntl } from "react-intl";
import { useLocations } from "../../api/locations.ts";
import { usePageTitle } from "../../ui/use-page-title.ts";
import styles from "./home-page.module.css";
import { LocationCard } from "./location-card.tsx";

export function HomePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: "Home.title" }));
  const locations = useLocations();

  return (
    <section aria-labelledby="home-title">
      <div className={styles.heading}>
        <h1 id="home-title" className={styles.title}>
          <FormattedMessage id="Home.title" />
        </h1>
        {locations.data && locations.data.length > 0 && (
          <p className={styles.count}>
            <FormattedMessage id="Home.location_count" values={{ count: locations.data.length }} />
          </p>
        )}
      </div>

      {locations.isPending ? (
        <p className={styles.message} role="status">
          <FormattedMessage id="Home.loading" />
        </p>
      ) : locations.isError ? (
        <div className={styles.message} role="alert">
          <p>
            <FormattedMessage id="Home.load_failed" />
          </p>
          <button type="button" className={styles.retry} onClick={() => locations.refetch()}>
            <FormattedMessage id="Common.try_again" />
          </button>
        </div>
      ) : locations.data.length === 0 ? (
        <div className={styles.message} role="status">
          <p className={styles.emptyTitle}>
            <FormattedMessage id="Home.empty" />
          </p>
          <p>
            <FormattedMessage id="Home.empty_hint" />
          </p>
        </div>
      ) : (
        <ul className={styles.list}>
          {locations.data.map((location) => (
            <li key={location.id} className={styles.item}>
              <LocationCard location={location} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// The location search shown when no location is loaded (spec §2): a search box over the locations
// API (filter[search], 200 ms after the last keystroke, spec §9) and the matches as links to their
// form, keeping the page's query. The map finder replaces it in its own issue.
import { useEffect, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocationSearch } from "../../api/location-search.ts";
import { paths } from "../../paths.ts";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import styles from "./location-search-list.module.css";

const SEARCH_DEBOUNCE_MS = 200;

type Props = {
  /** the page was opened for a location id that does not exist */
  notFound?: boolean;
};

export function LocationSearchList({ notFound = false }: Props) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: "CallbackService.search_title" }));
  const [searchParams] = useSearchParams();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const inputId = useId();
  const statusId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const results = useLocationSearch(search);
  const keep = Object.fromEntries(searchParams);

  return (
    <section className={styles.panel} aria-labelledby="location-search-title">
      <h1 id="location-search-title" className={styles.title}>
        <FormattedMessage id="CallbackService.search_title" />
      </h1>
      {notFound && (
        <p className={styles.notice} role="alert">
          <FormattedMessage id="CallbackService.location_unknown" />
        </p>
      )}
      <label htmlFor={inputId} className={styles.label}>
        <FormattedMessage id="CallbackService.search_label" />
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        aria-describedby={statusId}
        autoComplete="off"
      />
      <p id={statusId} className={styles.status} role="status">
        {results.isError ? (
          <FormattedMessage id="CallbackService.search_failed" />
        ) : results.data ? (
          <FormattedMessage
            id="CallbackService.search_count"
            values={{ count: results.data.length }}
          />
        ) : (
          <FormattedMessage id="CallbackService.loading" />
        )}
      </p>
      {results.data?.length === 0 && (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>
            <FormattedMessage id="CallbackService.no_locations" />
          </p>
          <p>
            <FormattedMessage id="CallbackService.no_locations_hint" />
          </p>
        </div>
      )}
      {results.data && results.data.length > 0 && (
        <ul className={styles.list}>
          {results.data.map((location) => (
            <li key={location.id}>
              <Link className={styles.result} to={paths.callbackService(location.id, keep)}>
                <span className={styles.name}>{location.attributes.name}</span>
                <span className={styles.address}>{location.attributes.formatted_address}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

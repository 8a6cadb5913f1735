// One line over the results saying what the list is: every location, those matching the text, or
// all by distance from the chosen place. It is a status, so screen readers hear each change; an
// empty list is announced by the empty state instead.
import { FormattedMessage } from "react-intl";
import type { FinderCriteria } from "./finder-locations.ts";
import styles from "./location-finder.module.css";

type Props = { criteria: FinderCriteria; count: number | null; failed: boolean };

export function ResultsSummary({ criteria, count, failed }: Props) {
  return (
    <p className={styles.summary} role="status">
      {failed ? (
        <FormattedMessage id="LocationFinder.load_failed" />
      ) : count === null ? (
        <FormattedMessage id="LocationFinder.loading" />
      ) : count === 0 ? null : criteria.kind === "place" ? (
        <FormattedMessage
          id="LocationFinder.results_near"
          values={{ count, place: criteria.name }}
        />
      ) : criteria.kind === "text" ? (
        <FormattedMessage
          id="LocationFinder.results_text"
          values={{ count, text: criteria.text }}
        />
      ) : (
        <FormattedMessage id="LocationFinder.results_all" values={{ count }} />
      )}
    </p>
  );
}

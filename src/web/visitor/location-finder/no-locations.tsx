// The finder's empty state (spec §8 "No locations found"), with the contact-the-vendor subtitle
// on mobile, where no map shows that the search came up empty.
import { FormattedMessage } from "react-intl";
import { useCurrentVendor } from "../../current-vendor.ts";
import styles from "./location-finder.module.css";

export function NoLocations({ mobile }: { mobile: boolean }) {
  const vendor = useCurrentVendor();
  return (
    <div className={styles.empty} role="status">
      <p className={styles.emptyTitle}>
        <FormattedMessage id="LocationFinder.no_locations" />
      </p>
      {mobile && (
        <p>
          <FormattedMessage
            id="LocationFinder.no_locations_contact"
            values={{ vendor: vendor.name }}
          />
        </p>
      )}
    </div>
  );
}

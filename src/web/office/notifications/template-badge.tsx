// Whether a message is sent with one's own wording or another's: "Custom" or "Default" for the
// vendor; "Custom for this location" or "Inherits from the vendor" at a location.
import { useIntl } from "react-intl";
import styles from "./template-editor.module.css";

export function TemplateBadge({ custom, atLocation }: { custom: boolean; atLocation: boolean }) {
  const intl = useIntl();
  const id = atLocation
    ? custom
      ? "badge_location_custom"
      : "badge_inherits"
    : custom
      ? "badge_custom"
      : "badge_default";
  return (
    <span className={custom ? `${styles.badge} ${styles.badgeCustom}` : styles.badge}>
      {intl.formatMessage({ id: `Office.notifications.${id}` })}
    </span>
  );
}

// The three notification settings pages side by side: clients, staff, locations.
import { useIntl } from "react-intl";
import type { MessageAudience } from "../../../shared/notifications/message-kinds.ts";
import { NavLink } from "../../routing/routing.tsx";
import { paths } from "../office-paths.ts";
import styles from "./notification-settings-page.module.css";

const AUDIENCES: readonly MessageAudience[] = ["client", "staff", "location"];

export function AudienceNav({ current }: { current: MessageAudience }) {
  const intl = useIntl();
  return (
    <nav
      aria-label={intl.formatMessage({ id: "Office.notifications.audience_nav" })}
      className={styles.tabs}
    >
      <ul className={styles.tabList}>
        {AUDIENCES.map((audience) => (
          <li key={audience}>
            <NavLink
              to={paths.notificationSettings(audience)}
              className={audience === current ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            >
              {intl.formatMessage({ id: `Office.notifications.audience.${audience}` })}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

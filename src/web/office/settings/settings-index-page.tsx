// /settings: every settings page the staff member may open, in groups, each with a line on what it
// changes. The navigation's "Settings" link leads here; a role that may open none never sees it.
import { useIntl } from "react-intl";
import { Link } from "../../routing/routing.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { mayOpen } from "../shell/back-office-pages.ts";
import { useStaffSession } from "../shell/staff-session.ts";
import styles from "./settings-index-page.module.css";
import { SETTINGS_PAGES, type SettingsGroup } from "./settings-pages.ts";

const GROUPS: readonly SettingsGroup[] = ["visitors", "lobby", "messages", "access", "data"];

export function SettingsIndexPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const title = t("Settings.title");
  usePageTitle(title);
  const me = useStaffSession();
  const pages = SETTINGS_PAGES.filter((page) => mayOpen(me, page.path));
  return (
    <section aria-labelledby="settings-title" className={styles.page}>
      <h1 id="settings-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{t("Settings.intro")}</p>
      {GROUPS.map((group) => {
        const inGroup = pages.filter((page) => page.group === group);
        if (inGroup.length === 0) return null;
        return (
          <section key={group} aria-labelledby={`settings-group-${group}`} className={styles.group}>
            <h2 id={`settings-group-${group}`} className={styles.groupTitle}>
              {t(`Settings.group_${group}`)}
            </h2>
            <ul className={styles.cards}>
              {inGroup.map((page) => (
                <li key={page.path} className={styles.card}>
                  <Link
                    to={page.path}
                    className={styles.link}
                    aria-describedby={`settings-page-${page.labelId}`}
                  >
                    {t(page.labelId)}
                  </Link>
                  <p id={`settings-page-${page.labelId}`} className={styles.description}>
                    {t(page.descriptionId)}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}

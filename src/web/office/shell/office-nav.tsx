// The pages of the back office the role may open, as links; the current one is marked for
// assistive technology (aria-current) and visibly. Lobby links keep the chosen location.
import { useIntl } from "react-intl";
import { Link, NavLink, useLocation, useSearchParams } from "../../routing/routing.tsx";
import { paths } from "../office-paths.ts";
import { pagesFor } from "./back-office-pages.ts";
import styles from "./office-header.module.css";
import { useStaffSession } from "./staff-session.ts";

export function OfficeNav() {
  const me = useStaffSession();
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const location = searchParams.get("location") ?? undefined;
  const pages = pagesFor(me);
  if (pages.length === 0) return null;
  return (
    <nav className={styles.nav} aria-label={intl.formatMessage({ id: "Office.nav_label" })}>
      <ul className={styles.navList}>
        {pages.map((page) => {
          // The language needs no carrying: the tab remembers it (i18n/requested-locale.ts).
          const to = page.path === paths.lobby() ? paths.lobby({ location }) : page.path;
          if (page.section) {
            const isActive = pathname === page.section || pathname.startsWith(`${page.section}/`);
            return (
              <li key={page.path}>
                <Link
                  to={to}
                  aria-current={isActive ? "page" : undefined}
                  className={
                    isActive ? `${styles.navLink} ${styles.navLinkActive}` : styles.navLink
                  }
                >
                  {intl.formatMessage({ id: page.labelId })}
                </Link>
              </li>
            );
          }
          return (
            <li key={page.path}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  isActive ? `${styles.navLink} ${styles.navLinkActive}` : styles.navLink
                }
              >
                {intl.formatMessage({ id: page.labelId })}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

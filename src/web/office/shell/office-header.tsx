// The back-office header: the vendor, the pages the role may open, the location switcher (on pages
// that work on one location), the language picker and the signed-in staff member's menu.
import { useIntl } from "react-intl";
import { useCurrentVendor } from "../../current-vendor.ts";
import { useLocale } from "../../i18n/locale-context.ts";
import { Link } from "../../routing/routing.tsx";
import { LanguagePicker } from "../../ui/language-picker.tsx";
import { officeHome } from "./back-office-pages.ts";
import { LocationSwitcher } from "./location-switcher.tsx";
import styles from "./office-header.module.css";
import { OfficeNav } from "./office-nav.tsx";
import { useStaffSession } from "./staff-session.ts";
import { UserMenu } from "./user-menu.tsx";

export function OfficeHeader({ showLocation }: { showLocation: boolean }) {
  const me = useStaffSession();
  const vendor = useCurrentVendor();
  const { available } = useLocale();
  const intl = useIntl();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link
          className={styles.brand}
          to={officeHome(me)}
          aria-label={intl.formatMessage({ id: "Office.home_link" }, { vendor: me.vendor.name })}
        >
          {vendor.theme.logo_url ? (
            <img className={styles.logo} src={vendor.theme.logo_url} alt="" />
          ) : (
            <span className={styles.name}>{me.vendor.name}</span>
          )}
          <span className={styles.tag}>{intl.formatMessage({ id: "Office.back_office" })}</span>
        </Link>
        <OfficeNav />
        <div className={styles.tools}>
          {showLocation && <LocationSwitcher />}
          {available.length > 1 && (
            <div className={styles.language}>
              <LanguagePicker />
            </div>
          )}
          <UserMenu />
        </div>
      </div>
    </header>
  );
}

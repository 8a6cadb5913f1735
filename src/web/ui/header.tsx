// Page header (spec §2): the vendor's logo or name, linking to the vendor's homepage, and the
// language picker when the vendor offers more than one language. 4.5rem high (spec §9). On a kiosk
// (the visitor shell passes its controls) the brand links nowhere, since the kiosk must not leave
// for the vendor's site, and a home button starts over.
import { FormattedMessage, useIntl } from "react-intl";
import { useCurrentVendor } from "../current-vendor.ts";
import { useLocale } from "../i18n/locale-context.ts";
import { paths } from "../paths.ts";
import { Link } from "../routing/routing.tsx";
import styles from "./header.module.css";
import { LanguagePicker } from "./language-picker.tsx";

/** What the header needs of a running kiosk: how to start over. */
export type HeaderKiosk = { startOver: () => void };

export function Header({ kiosk = null }: { kiosk?: HeaderKiosk | null }) {
  const vendor = useCurrentVendor();
  const { available } = useLocale();
  const intl = useIntl();
  const label = intl.formatMessage({ id: "Header.vendor_home" }, { vendor: vendor.name });
  const brand = vendor.theme.logo_url ? (
    <img className={styles.logo} src={vendor.theme.logo_url} alt={vendor.name} />
  ) : (
    <span className={styles.name}>{vendor.name}</span>
  );

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {kiosk ? (
          <span className={styles.brand}>{brand}</span>
        ) : vendor.homepage ? (
          <a className={styles.brand} href={vendor.homepage} aria-label={label}>
            {brand}
          </a>
        ) : (
          <Link className={styles.brand} to={paths.home()} aria-label={label}>
            {brand}
          </Link>
        )}
        <div className={styles.tools}>
          {kiosk && (
            <button type="button" className={styles.home} onClick={kiosk.startOver}>
              <FormattedMessage id="Kiosk.home" />
            </button>
          )}
          {available.length > 1 && <LanguagePicker />}
        </div>
      </div>
    </header>
  );
}

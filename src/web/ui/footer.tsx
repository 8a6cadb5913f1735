// Page footer (spec §2): "Powered by Nextline" linking to the product, unless the vendor is
// white-label (private_label), in which case the product stays out of sight.
import { FormattedMessage } from "react-intl";
import { useCurrentVendor } from "../current-vendor.ts";
import { paths } from "../paths.ts";
import styles from "./footer.module.css";

export const PRODUCT_NAME = "Nextline";

export function Footer() {
  const vendor = useCurrentVendor();
  if (vendor.privateLabel) return null;
  return (
    <footer className={styles.footer}>
      {/* A new tab, so a visitor half-way through a booking does not lose it. */}
      <a className={styles.product} href={paths.productSite()} target="_blank" rel="noopener">
        <FormattedMessage
          id="Footer.powered_by"
          values={{ product: <strong className={styles.productName}>{PRODUCT_NAME}</strong> }}
        />
        <span className="visually-hidden">
          {" "}
          <FormattedMessage id="Common.opens_in_new_tab" />
        </span>
      </a>
    </footer>
  );
}

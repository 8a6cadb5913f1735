// The not-available screen (spec §2, §8) for a vendor that takes no callback requests: the vendor's
// own disabled title and description when set, else "We are currently not taking callback requests".
import { useIntl } from "react-intl";
import { useCurrentVendor } from "../../current-vendor.ts";
import { usePageTitle } from "../../ui/use-page-title.ts";
import styles from "./callback-notice.module.css";

export function CallbackDisabledNotice() {
  const intl = useIntl();
  const clientView = useCurrentVendor().attributes?.client_view;
  const title =
    clientView?.disabled_title?.trim() ||
    intl.formatMessage({ id: "CallbackService.requests_disabled" });
  const description =
    clientView?.disabled_description?.trim() ||
    intl.formatMessage({ id: "CallbackService.requests_disabled_subtitle" });
  usePageTitle(title);
  return (
    <section className={styles.notice} aria-labelledby="callbacks-disabled-title">
      <h1 id="callbacks-disabled-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.message}>{description}</p>
    </section>
  );
}

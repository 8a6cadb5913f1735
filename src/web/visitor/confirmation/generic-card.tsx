// The card shown when the page's id and code match no booking (spec §2): no details, only a way to
// start a new request. It says the same for a wrong id and a wrong code.
import { FormattedMessage, useIntl } from "react-intl";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { BookAnotherLink } from "./book-another-link.tsx";
import styles from "./confirmation.module.css";

export function GenericCard() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: "Confirmation.generic_title" });
  usePageTitle(title);
  return (
    <section className={`${styles.card} ${styles.centred}`} aria-labelledby="generic-title">
      <h1 id="generic-title" className={styles.pageTitle}>
        {title}
      </h1>
      <p className={`${styles.text} ${styles.muted}`}>
        <FormattedMessage id="Confirmation.generic_message" />
      </p>
      <div className={`${styles.actions} ${styles.bookAnother}`}>
        <BookAnotherLink locationId={null} />
      </div>
    </section>
  );
}

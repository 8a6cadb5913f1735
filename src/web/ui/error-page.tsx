// The general error page (spec §2, §8): a title, a subtitle and a book-another button that starts over.
import { useIntl } from "react-intl";
import { paths } from "../paths.ts";
import { Link } from "../routing/routing.tsx";
import styles from "./error-page.module.css";
import { usePageTitle } from "./use-page-title.ts";

type Props = {
  titleId: string;
  subtitleId: string;
  /** false where booking is not possible (spec: "when a booking channel exists") */
  bookAnother?: boolean;
};

export function ErrorPage({ titleId, subtitleId, bookAnother = true }: Props) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId });
  usePageTitle(title);
  return (
    <section className={styles.card} aria-labelledby="error-title">
      <h1 id="error-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.subtitle}>{intl.formatMessage({ id: subtitleId })}</p>
      {bookAnother && (
        <Link className={styles.button} to={paths.home()}>
          {intl.formatMessage({ id: "ErrorPage.book_another" })}
        </Link>
      )}
    </section>
  );
}

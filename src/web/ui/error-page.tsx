// The general error page (spec §2, §8): a title, a subtitle and a book-another button that starts
// over at the root (or the booking shortcut the view is under) with the page's query; a page that
// does not exist offers the home page instead.
import { useIntl } from "react-intl";
import { useCurrentVendor } from "../current-vendor.ts";
import { paths, withQuery } from "../paths.ts";
import { Link, useLocation, useSearchParams } from "../routing/routing.tsx";
import styles from "./error-page.module.css";
import { usePageTitle } from "./use-page-title.ts";

type Props = {
  titleId: string;
  subtitleId: string;
  /** false where booking is not possible (spec: "when a booking channel exists") */
  bookAnother?: boolean;
  /** "Home" instead of "Book another": the address leads nowhere, so there is nothing to repeat */
  home?: boolean;
};

export function ErrorPage({ titleId, subtitleId, bookAnother = true, home = false }: Props) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const locking = Boolean(useCurrentVendor().attributes?.features?.location_locking);
  const title = intl.formatMessage({ id: titleId });
  usePageTitle(title);
  return (
    <section className={styles.card} aria-labelledby="error-title">
      <h1 id="error-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.subtitle}>{intl.formatMessage({ id: subtitleId })}</p>
      {home ? (
        <Link className={styles.button} to={withQuery(paths.home(), { lang: search.get("lang") })}>
          {intl.formatMessage({ id: "ErrorPage.home" })}
        </Link>
      ) : (
        bookAnother && (
          <Link
            className={styles.button}
            to={paths.bookAnotherFromOtherView(pathname, search, locking)}
          >
            {intl.formatMessage({ id: "ErrorPage.book_another" })}
          </Link>
        )
      )}
    </section>
  );
}

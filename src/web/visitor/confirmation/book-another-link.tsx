// "Book another" (or "Start over" on a kiosk): to the callback form with this page's query minus
// the booking's own parameters (book-another-path.ts).
import { FormattedMessage } from "react-intl";
import { Link, useSearchParams } from "react-router";
import { bookAnotherPath, isKioskMode } from "./book-another-path.ts";
import styles from "./confirmation.module.css";

type Props = { locationId: string | null; className?: string };

export function BookAnotherLink({ locationId, className = styles.button }: Props) {
  const [search] = useSearchParams();
  const kiosk = isKioskMode(search) && locationId !== null;
  return (
    <Link className={className} to={bookAnotherPath(search, locationId)}>
      <FormattedMessage id={kiosk ? "Confirmation.restart" : "Confirmation.book_another"} />
    </Link>
  );
}

// "Book another" (or "Start over" on a kiosk): to the callback form with this page's query minus
// the booking's own parameters (book-another-path.ts).
import { FormattedMessage } from "react-intl";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import { useKiosk } from "../kiosk/kiosk-context.ts";
import { bookAnotherPath, isKioskMode } from "./book-another-path.ts";
import styles from "./confirmation.module.css";

type Props = { locationId: string | null; className?: string };

export function BookAnotherLink({ locationId, className = styles.button }: Props) {
  const [search] = useSearchParams();
  const kiosk = isKioskMode(search) && locationId !== null;
  const session = useKiosk();
  return (
    <Link
      className={className}
      to={bookAnotherPath(search, locationId)}
      onClick={(event) => {
        // The running kiosk starts over itself: it forgets the visit, and may leave for the vendor's kiosk page.
        if (!session) return;
        event.preventDefault();
        session.startOver();
      }}
    >
      <FormattedMessage id={kiosk ? "Confirmation.restart" : "Confirmation.book_another"} />
    </Link>
  );
}

// "Book another appointment" (on a kiosk, "Start over"): the first booking step with the page's
// language and mode, and the location on a kiosk; a running kiosk starts over itself.
import { FormattedMessage } from "react-intl";
import { paths } from "../../paths.ts";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import { useKiosk } from "../kiosk/kiosk-context.ts";
import styles from "./booking.module.css";

export function BookAnotherAppointment({ locationId }: { locationId: string | null }) {
  const [search] = useSearchParams();
  const kiosk = useKiosk();
  return (
    <Link
      className={styles.button}
      to={paths.bookAppointment({
        lang: search.get("lang"),
        mode: search.get("mode"),
        location: kiosk ? locationId : null,
      })}
      onClick={(event) => {
        if (!kiosk) return;
        event.preventDefault();
        kiosk.startOver();
      }}
    >
      <FormattedMessage id={kiosk ? "Confirmation.restart" : "Booking.book_another"} />
    </Link>
  );
}

// "Book another appointment" (on a kiosk, "Start over"): the first booking step with the page's
// language and mode; a running kiosk starts over itself. The location goes along on a kiosk, and
// elsewhere only under the vendor's location locking (spec §3: in other views the location is kept
// only when location locking is on): the one the page came with, else the appointment's.
import { FormattedMessage } from "react-intl";
import { useCurrentVendor } from "../../current-vendor.ts";
import { paths } from "../../paths.ts";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import { useKiosk } from "../kiosk/kiosk-context.ts";
import styles from "./booking.module.css";

export function BookAnotherAppointment({ locationId }: { locationId: string | null }) {
  const [search] = useSearchParams();
  const kiosk = useKiosk();
  const locking = Boolean(useCurrentVendor().attributes?.features?.location_locking);
  const location = kiosk ? locationId : locking ? (search.get("location") ?? locationId) : null;
  return (
    <Link
      className={styles.button}
      to={paths.bookAppointment({ lang: search.get("lang"), mode: search.get("mode"), location })}
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

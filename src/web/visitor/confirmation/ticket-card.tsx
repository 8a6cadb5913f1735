// The visitor's short ticket ("A-042"), big enough to read across a room and to match against the
// lobby's screen and the desk's call without reading the confirm code aloud; larger on a kiosk.
import { FormattedMessage } from "react-intl";
import styles from "./confirmation.module.css";

type Props = { ticket: string; kiosk: boolean };

export function TicketCard({ ticket, kiosk }: Props) {
  return (
    <section className={`${styles.card} ${styles.centred}`} aria-labelledby="ticket-heading">
      <h2 id="ticket-heading" className={styles.waitHeading}>
        <FormattedMessage id="Confirmation.ticket_heading" />
      </h2>
      <p className={kiosk ? `${styles.ticket} ${styles.kioskTicket}` : styles.ticket}>{ticket}</p>
      <p className={`${styles.text} ${styles.muted}`}>
        <FormattedMessage id="Confirmation.ticket_hint" />
      </p>
    </section>
  );
}

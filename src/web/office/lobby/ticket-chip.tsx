// A visitor's short ticket beside their name in the lobby's rows: the number the room is called by,
// announced as "Ticket A-042" to a screen reader.
import { useIntl } from "react-intl";
import styles from "./visitor-row.module.css";

export function TicketChip({ ticket }: { ticket: string }) {
  const intl = useIntl();
  return (
    <span className={styles.ticket}>
      <span className="visually-hidden">{intl.formatMessage({ id: "Office.ticket" })} </span>
      {ticket}
    </span>
  );
}

// Which way a message went, as an arrow and a word: out to the recipient, or in from them (a reply).
import { useIntl } from "react-intl";
import type { MessageDirection as Direction } from "../../../shared/notifications/message-statuses.ts";
import styles from "./message-direction.module.css";
import { directionMessageId } from "./message-labels.ts";

export function MessageDirection({ direction }: { direction: Direction }) {
  const intl = useIntl();
  return (
    <span className={`${styles.direction} ${styles[direction]}`}>
      <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d={
            direction === "outbound"
              ? "M5.3 14.7a1 1 0 0 1 0-1.4L11.6 7H7a1 1 0 0 1 0-2h7a1 1 0 0 1 1 1v7a1 1 0 1 1-2 0V8.4l-6.3 6.3a1 1 0 0 1-1.4 0Z"
              : "M14.7 5.3a1 1 0 0 1 0 1.4L8.4 13H13a1 1 0 1 1 0 2H6a1 1 0 0 1-1-1V7a1 1 0 0 1 2 0v4.6l6.3-6.3a1 1 0 0 1 1.4 0Z"
          }
        />
      </svg>
      {intl.formatMessage({ id: directionMessageId(direction) })}
    </span>
  );
}

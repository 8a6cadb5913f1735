// A message's status as a coloured badge that says it in words (colour is never the only sign),
// with the provider's or the rule's reason beside a failed or suppressed one.
import { useIntl } from "react-intl";
import type { MessageStatus } from "../../../shared/notifications/message-statuses.ts";
import { statusMessageId } from "./message-labels.ts";
import styles from "./message-status-badge.module.css";

type Props = { status: MessageStatus; reason?: string | null };

export function MessageStatusBadge({ status, reason }: Props) {
  const intl = useIntl();
  return (
    <span className={styles.status}>
      <span className={`${styles.badge} ${styles[status]}`}>
        {intl.formatMessage({ id: statusMessageId(status) })}
      </span>
      {reason && (status === "failed" || status === "suppressed") && (
        <span className={styles.reason}>{reason}</span>
      )}
    </span>
  );
}

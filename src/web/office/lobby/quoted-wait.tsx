// The wait the visitor was promised when they joined, marked once they have waited longer than
// that (in words as well as colour), so the desk sees who is overdue.
import { useIntl } from "react-intl";
import { useSecondsSince } from "./elapsed-time.tsx";
import { formatWait } from "./format-wait.ts";
import styles from "./visitor-row.module.css";

type Props = { quotedSeconds: number; queuedAt: string; offsetMs: number };

export function QuotedWait({ quotedSeconds, queuedAt, offsetMs }: Props) {
  const intl = useIntl();
  const waited = useSecondsSince(queuedAt, offsetMs);
  // A minute's grace: quotes are rounded to the minute.
  const over = waited > quotedSeconds + 60;
  const quoted = formatWait(intl, quotedSeconds);
  return (
    <span className={over ? styles.overQuote : styles.quoted}>
      {intl.formatMessage({ id: over ? "Office.quoted_over" : "Office.quoted" }, { time: quoted })}
    </span>
  );
}

// The messages as a table: when, which way, channel, what kind, to or from whom, what became of it,
// and the text (long ones open on demand). Under 64rem each message is stacked as a card, with the
// column's name beside each value (hidden from screen readers, which announce the column header).
import { type ReactNode, useState } from "react";
import { useIntl } from "react-intl";
import type { MessageResource } from "../../api/office/message-log.ts";
import { MessageBody } from "./message-body.tsx";
import { MessageDirection } from "./message-direction.tsx";
import { channelMessageId, kindMessageId } from "./message-labels.ts";
import styles from "./message-log-table.module.css";
import { MessageStatusBadge } from "./message-status-badge.tsx";
import { MessageTime } from "./message-time.tsx";

/** Texts longer than this start folded to two lines, with a button to show them whole. */
export const FOLDED_TEXT_LENGTH = 140;

/** An address that may wrap after its "@" rather than inside a word; copied, it is unchanged. */
function Recipient({ address }: { address: string }) {
  const at = address.indexOf("@");
  if (at < 0) return <span className={styles.recipient}>{address}</span>;
  return (
    <span className={styles.recipient}>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </span>
  );
}

type Props = {
  messages: MessageResource[];
  now: Date;
  /** each location's time zone, for the exact times */
  timeZones: ReadonlyMap<string, string>;
};

export function MessageLogTable({ messages, now, timeZones }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const label = (id: string) => (
    <span className={styles.cellLabel} aria-hidden="true">
      {t(id)}
    </span>
  );
  const cell = (id: string, value: ReactNode, className = styles.cell) => (
    <td className={className}>
      {label(id)}
      <span className={styles.value}>{value}</span>
    </td>
  );

  return (
    <table className={styles.table}>
      <caption className={styles.caption}>
        {intl.formatMessage({ id: "MessageLog.count" }, { count: messages.length })}
      </caption>
      <thead className={styles.head}>
        <tr>
          <th scope="col">{t("MessageLog.col_when")}</th>
          <th scope="col">{t("MessageLog.col_direction")}</th>
          <th scope="col">{t("MessageLog.col_channel")}</th>
          <th scope="col">{t("MessageLog.col_kind")}</th>
          <th scope="col">{t("MessageLog.col_recipient")}</th>
          <th scope="col">{t("MessageLog.col_status")}</th>
          <th scope="col" className={styles.textColumn}>
            {t("MessageLog.col_text")}
          </th>
        </tr>
      </thead>
      <tbody>
        {messages.map((message, index) => {
          const a = message.attributes;
          const kindId = kindMessageId(a.kind);
          const long = a.body.length > FOLDED_TEXT_LENGTH;
          const expanded = open.has(message.id);
          const textId = `message-${message.id}-text`;
          return (
            <tr key={message.id} className={styles.row} data-index={index}>
              <th scope="row" className={`${styles.cell} ${styles.rowHeader}`} tabIndex={-1}>
                {label("MessageLog.col_when")}
                <span className={styles.value}>
                  <MessageTime
                    at={a.created_at}
                    now={now}
                    timeZone={a.location_id ? timeZones.get(a.location_id) : undefined}
                  />
                </span>
              </th>
              {cell("MessageLog.col_direction", <MessageDirection direction={a.direction} />)}
              {cell("MessageLog.col_channel", t(channelMessageId(a.channel)))}
              {cell(
                "MessageLog.col_kind",
                <>
                  {kindId ? t(kindId) : <code>{a.kind}</code>}
                  {a.subject && <span className={styles.subject}>{a.subject}</span>}
                </>,
              )}
              {cell("MessageLog.col_recipient", <Recipient address={a.recipient} />)}
              {cell(
                "MessageLog.col_status",
                <MessageStatusBadge status={a.status} reason={a.status_reason} />,
              )}
              {cell(
                "MessageLog.col_text",
                <>
                  <span
                    id={textId}
                    lang={a.lang}
                    className={long && !expanded ? `${styles.text} ${styles.folded}` : styles.text}
                  >
                    <MessageBody text={a.body} />
                  </span>
                  {long && (
                    <button
                      type="button"
                      className={styles.more}
                      aria-expanded={expanded}
                      aria-controls={textId}
                      onClick={() => toggle(message.id)}
                    >
                      {t(expanded ? "MessageLog.hide_text" : "MessageLog.show_text")}
                    </button>
                  )}
                </>,
                `${styles.cell} ${styles.textCell}`,
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

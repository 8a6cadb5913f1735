// The messages as the back office's table: when, which way, channel, what kind, to or from whom,
// what became of it, and the text (long ones open on demand); cards under 64rem.
import { useMemo, useState } from "react";
import { useIntl } from "react-intl";
import type { MessageResource } from "../../api/office/message-log.ts";
import { DataTable, type DataTableColumn } from "../../ui/data-table.tsx";
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
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  const columns = useMemo((): DataTableColumn<MessageResource>[] => {
    const t = (id: string) => intl.formatMessage({ id });
    const toggle = (id: string) =>
      setOpen((previous) => {
        const next = new Set(previous);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    return [
      {
        id: "when",
        header: t("MessageLog.col_when"),
        meta: { rowHeader: true, cardLabel: true, className: styles.when },
        cell: ({ row: { original: message } }) => (
          <MessageTime
            at={message.attributes.created_at}
            now={now}
            timeZone={
              message.attributes.location_id
                ? timeZones.get(message.attributes.location_id)
                : undefined
            }
          />
        ),
      },
      {
        id: "direction",
        header: t("MessageLog.col_direction"),
        cell: ({ row: { original: message } }) => (
          <MessageDirection direction={message.attributes.direction} />
        ),
      },
      {
        id: "channel",
        header: t("MessageLog.col_channel"),
        cell: ({ row: { original: message } }) => t(channelMessageId(message.attributes.channel)),
      },
      {
        id: "kind",
        header: t("MessageLog.col_kind"),
        cell: ({ row: { original: message } }) => {
          const kindId = kindMessageId(message.attributes.kind);
          return (
            <>
              {kindId ? t(kindId) : <code>{message.attributes.kind}</code>}
              {message.attributes.subject && (
                <span className={styles.subject}>{message.attributes.subject}</span>
              )}
            </>
          );
        },
      },
      {
        id: "recipient",
        header: t("MessageLog.col_recipient"),
        cell: ({ row: { original: message } }) => (
          <Recipient address={message.attributes.recipient} />
        ),
      },
      {
        id: "status",
        header: t("MessageLog.col_status"),
        cell: ({ row: { original: message } }) => (
          <MessageStatusBadge
            status={message.attributes.status}
            reason={message.attributes.status_reason}
          />
        ),
      },
      {
        id: "text",
        header: t("MessageLog.col_text"),
        meta: { className: styles.textColumn },
        cell: ({ row: { original: message } }) => {
          const a = message.attributes;
          const long = a.body.length > FOLDED_TEXT_LENGTH;
          const expanded = open.has(message.id);
          const textId = `message-${message.id}-text`;
          return (
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
            </>
          );
        },
      },
    ];
  }, [intl, now, timeZones, open]);

  return (
    <DataTable
      caption={intl.formatMessage({ id: "MessageLog.count" }, { count: messages.length })}
      columns={columns}
      rows={messages}
      rowId={(message) => message.id}
      focusableRowHeaders
      rowData={(_message, index) => ({ "data-index": index })}
    />
  );
}

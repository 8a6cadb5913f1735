// The "Messages" section of a visitor's details: each message sent to them and each reply they sent,
// oldest first, with its channel, status and time; replies stand apart ("Reply: HERE"). Read when
// the details open; the lobby re-reads it when realtime says this visit's messages changed.
import { useIntl } from "react-intl";
import { useVisitMessages } from "../../api/office/visit-messages.ts";
import { MessageBody } from "../messages/message-body.tsx";
import { channelMessageId, kindMessageId } from "../messages/message-labels.ts";
import { MessageStatusBadge } from "../messages/message-status-badge.tsx";
import styles from "./visitor-messages.module.css";

type Props = { queueAppointmentId: string; timezone: string };

export function VisitorMessages({ queueAppointmentId, timezone }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const messages = useVisitMessages(queueAppointmentId);
  const headingId = `visit-${queueAppointmentId}-messages`;
  const list = messages.data?.data;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.heading}>
        {t("Office.visitor_messages")}
      </h4>
      {messages.isPending ? (
        <p className={styles.quiet}>{t("Office.loading")}</p>
      ) : messages.isError && !list ? (
        <p className={styles.quiet}>{t("Office.visitor_messages_failed")}</p>
      ) : !list || list.length === 0 ? (
        <p className={styles.quiet}>{t("Office.visitor_messages_none")}</p>
      ) : (
        <ol className={styles.list}>
          {list.map((message) => {
            const a = message.attributes;
            const reply = a.direction === "inbound";
            const kindId = kindMessageId(a.kind);
            const time = intl.formatTime(a.created_at, {
              timeZone: timezone,
              hour: "numeric",
              minute: "2-digit",
            });
            return (
              <li
                key={message.id}
                className={reply ? `${styles.item} ${styles.reply}` : styles.item}
              >
                <p className={styles.meta}>
                  <time dateTime={a.created_at}>{time}</time>
                  <span>{t(channelMessageId(a.channel))}</span>
                  {!reply && <span>{kindId ? t(kindId) : a.kind}</span>}
                  <MessageStatusBadge status={a.status} reason={a.status_reason} />
                </p>
                <p className={styles.body} lang={a.lang}>
                  {reply ? (
                    intl.formatMessage({ id: "Office.visitor_reply" }, { text: a.body })
                  ) : (
                    <MessageBody text={a.body} />
                  )}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

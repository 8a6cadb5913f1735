// Everything else the desk may need about a visitor, shown on demand: contact, notes, answers to
// the vendor's questions, the car of a curbside visit, how and when they joined, and the messages
// sent to them with their replies.
import { useIntl } from "react-intl";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import { LANGUAGE_NAMES } from "../../i18n/language-names.ts";
import { paths } from "../office-paths.ts";
import { bookedThroughMessageId } from "./booked-through-label.ts";
import styles from "./visitor-details.module.css";
import { VisitorMessages } from "./visitor-messages.tsx";

type Props = { entry: LobbyEntry; id: string; timezone: string };

export function VisitorDetails({ entry, id, timezone }: Props) {
  const intl = useIntl();
  const a = entry.attributes;
  const t = (messageId: string) => intl.formatMessage({ id: messageId });
  const language = LANGUAGE_NAMES[a.client.lang as keyof typeof LANGUAGE_NAMES] ?? a.client.lang;
  return (
    <div id={id} className={styles.details}>
      <dl className={styles.list}>
        {a.ticket && (
          <div className={styles.item}>
            <dt>{t("Office.ticket")}</dt>
            <dd>{a.ticket}</dd>
          </div>
        )}
        {a.client.cell_phone && (
          <div className={styles.item}>
            <dt>{t("Office.phone")}</dt>
            <dd>
              <a href={paths.tel(a.client.cell_phone)}>
                {a.client.cell_phone_formatted ?? a.client.cell_phone}
              </a>
              {a.client.receive_sms && (
                <span className={styles.aside}> · {t("Office.sms_on")}</span>
              )}
            </dd>
          </div>
        )}
        {a.client.email && (
          <div className={styles.item}>
            <dt>{t("Office.email")}</dt>
            <dd className={styles.wrap}>{a.client.email}</dd>
          </div>
        )}
        {a.car_details && (
          <div className={styles.item}>
            <dt>{t("Office.car")}</dt>
            <dd>
              {[a.car_details.colour, a.car_details.make, a.car_details.model].join(" ")}
              {a.car_details.parking_space &&
                ` · ${intl.formatMessage({ id: "Office.parking_space" }, { space: a.car_details.parking_space })}`}
            </dd>
          </div>
        )}
        {a.notes && (
          <div className={`${styles.item} ${styles.wide}`}>
            <dt>{t("Office.visit_notes")}</dt>
            <dd className={styles.notes}>{a.notes}</dd>
          </div>
        )}
        {a.client.notes && (
          <div className={`${styles.item} ${styles.wide}`}>
            <dt>{t("Office.client_notes")}</dt>
            <dd className={styles.notes}>{a.client.notes}</dd>
          </div>
        )}
        {a.answers.map((answer) => (
          <div key={answer.question_id} className={`${styles.item} ${styles.wide}`}>
            <dt>{answer.label}</dt>
            <dd className={styles.wrap}>{intl.formatList(answer.text, { type: "conjunction" })}</dd>
          </div>
        ))}
        <div className={styles.item}>
          <dt>{t("Office.joined")}</dt>
          <dd>
            {intl.formatTime(a.queued_at, {
              timeZone: timezone,
              hour: "numeric",
              minute: "2-digit",
            })}{" "}
            · {t(bookedThroughMessageId(a.booked_through))}
          </dd>
        </div>
        <div className={styles.item}>
          <dt>{t("Office.visitor_language")}</dt>
          <dd lang={a.client.lang}>{language}</dd>
        </div>
      </dl>
      <VisitorMessages queueAppointmentId={entry.id} timezone={timezone} />
    </div>
  );
}

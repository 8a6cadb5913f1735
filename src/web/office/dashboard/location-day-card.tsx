// One location's day: the line now (waiting, in progress, longest wait now), what was done (served,
// no-shows), waits of those served (median, longest), and the accuracy of the quotes given.
import { useIntl } from "react-intl";
import type { LocationDay } from "../../api/office/dashboard.ts";
import { Link } from "../../routing/routing.tsx";
import { formatWait } from "../lobby/format-wait.ts";
import { paths } from "../office-paths.ts";
import styles from "./location-day-card.module.css";

export function LocationDayCard({ day }: { day: LocationDay }) {
  const intl = useIntl();
  const a = day.attributes;
  const headingId = `day-${day.id.replace(/[^\w-]/g, "-")}`;
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const count = (value: number | null) => (value === null ? "–" : intl.formatNumber(value));
  const wait = (seconds: number | null) => (seconds === null ? "–" : formatWait(intl, seconds));
  const accuracy = a.quote_accuracy;
  const date = intl.formatDate(`${a.date}T12:00:00Z`, {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
  });

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.name}>
          {a.location_name}
        </h2>
        <p className={styles.date}>{date}</p>
      </header>
      <dl className={styles.big}>
        <div className={styles.stat}>
          <dt>{t("Office.stat_waiting_now")}</dt>
          <dd>{count(a.waiting_now)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t("Office.stat_in_progress")}</dt>
          <dd>{count(a.in_progress_now)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t("Office.stat_served")}</dt>
          <dd>{count(a.served)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t("Office.stat_no_shows")}</dt>
          <dd>{count(a.no_shows)}</dd>
        </div>
      </dl>
      <dl className={styles.small}>
        <div className={styles.row}>
          <dt>{t("Office.stat_median_wait")}</dt>
          <dd>{wait(a.median_wait_seconds)}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t("Office.stat_longest_wait")}</dt>
          <dd>{wait(a.longest_wait_seconds)}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t("Office.stat_longest_waiting_now")}</dt>
          <dd>{wait(a.longest_waiting_now_seconds)}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t("Office.stat_quote_accuracy")}</dt>
          <dd>
            {accuracy.within_five_minutes_share === null
              ? t("Office.quote_accuracy_none")
              : t("Office.quote_accuracy_value", {
                  share: intl.formatNumber(accuracy.within_five_minutes_share, {
                    style: "percent",
                  }),
                  count: accuracy.count,
                })}
          </dd>
        </div>
        {accuracy.median_absolute_error_seconds !== null && (
          <div className={styles.row}>
            <dt>{t("Office.stat_quote_error")}</dt>
            <dd>{wait(accuracy.median_absolute_error_seconds)}</dd>
          </div>
        )}
        {accuracy.median_bias_seconds !== null && Math.abs(accuracy.median_bias_seconds) >= 60 && (
          <div className={styles.row}>
            <dt>{t("Office.stat_quote_bias")}</dt>
            <dd>
              {t(
                // bias is actual − quoted: above zero, visitors waited longer than quoted
                accuracy.median_bias_seconds > 0
                  ? "Office.waits_longer_than_quoted"
                  : "Office.waits_shorter_than_quoted",
                { time: wait(Math.abs(accuracy.median_bias_seconds)) },
              )}
            </dd>
          </div>
        )}
      </dl>
      <p className={styles.footer}>
        <Link to={paths.lobby({ location: a.location_id })}>
          {t("Office.open_lobby_of", { location: a.location_name })}
        </Link>
      </p>
    </article>
  );
}

// The failed jobs as a table: what failed (event type and id, queue), when, after how many
// attempts, with what error, and a retry button per job. Under 64rem each job is stacked as a
// card, with the column's name written beside each value (hidden from screen readers, which
// announce the column header itself).
import { Fragment, type ReactNode } from "react";
import { useIntl } from "react-intl";
import type { DeadJob } from "../../api/office/dead-jobs.ts";
import controls from "../../ui/controls.module.css";
import styles from "./dead-jobs-table.module.css";

type Props = {
  jobs: DeadJob[];
  /** the job being put back on its queue; every retry waits for it */
  retryingId: string | undefined;
  onRetry: (job: DeadJob) => void;
};

/**
 * A code name ("queue_appointment.called") that may wrap after its dots and underscores rather
 * than anywhere in a word; copied, it is still the name.
 */
function CodeName({ name }: { name: string }) {
  let offset = 0;
  return (
    <code>
      {name.split(/(?<=[._])/).map((part) => {
        const at = offset;
        offset += part.length;
        return (
          <Fragment key={at}>
            {at > 0 && <wbr />}
            {part}
          </Fragment>
        );
      })}
    </code>
  );
}

export function DeadJobsTable({ jobs, retryingId, onRetry }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const notRecorded = <span className={styles.muted}>{t("Office.jobs_not_recorded")}</span>;
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
        {intl.formatMessage({ id: "Office.jobs_count" }, { count: jobs.length })}
      </caption>
      <thead className={styles.head}>
        <tr>
          <th scope="col">{t("Office.jobs_col_event_type")}</th>
          <th scope="col">{t("Office.jobs_col_event_id")}</th>
          <th scope="col">{t("Office.jobs_col_queue")}</th>
          <th scope="col">{t("Office.jobs_col_failed_at")}</th>
          <th scope="col" className={styles.numeric}>
            {t("Office.jobs_col_attempts")}
          </th>
          <th scope="col" className={styles.errorColumn}>
            {t("Office.jobs_col_error")}
          </th>
          <th scope="col">
            <span className="visually-hidden">{t("Office.jobs_col_action")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => {
          const { event_type, event_id, queue, failed_at, attempts, error } = job.attributes;
          const retrying = retryingId === job.id;
          return (
            <tr key={job.id} className={styles.row}>
              <th scope="row" className={`${styles.cell} ${styles.rowHeader}`}>
                {label("Office.jobs_col_event_type")}
                <span className={styles.value}>
                  {event_type ? <CodeName name={event_type} /> : notRecorded}
                </span>
              </th>
              {cell("Office.jobs_col_event_id", event_id ?? notRecorded)}
              {cell("Office.jobs_col_queue", <CodeName name={queue} />)}
              {cell(
                "Office.jobs_col_failed_at",
                <time dateTime={failed_at}>
                  <span className={styles.date}>
                    {intl.formatDate(failed_at, { dateStyle: "medium" })}
                  </span>{" "}
                  <span className={styles.time}>
                    {intl.formatTime(failed_at, { timeStyle: "medium" })}
                  </span>
                </time>,
              )}
              {cell(
                "Office.jobs_col_attempts",
                intl.formatNumber(attempts),
                `${styles.cell} ${styles.numeric}`,
              )}
              {cell(
                "Office.jobs_col_error",
                error ? <span className={styles.error}>{error}</span> : notRecorded,
                `${styles.cell} ${styles.errorCell}`,
              )}
              <td className={`${styles.cell} ${styles.actionCell}`}>
                <button
                  type="button"
                  className={`${controls.button} ${controls.secondary}`}
                  aria-disabled={retryingId !== undefined || undefined}
                  onClick={() => onRetry(job)}
                >
                  {t(retrying ? "Office.jobs_retrying" : "Office.jobs_retry")}{" "}
                  <span className="visually-hidden">
                    {intl.formatMessage(
                      { id: "Office.jobs_retry_which" },
                      { type: event_type ?? queue, event: event_id ?? "none" },
                    )}
                  </span>
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

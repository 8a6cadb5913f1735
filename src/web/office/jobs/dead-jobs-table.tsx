// The failed jobs as the back office's table: what failed (event type and id, queue), when, after
// how many attempts, with what error, and a retry button per job (cards under 64rem).
import { Fragment, useMemo } from "react";
import { useIntl } from "react-intl";
import type { DeadJob } from "../../api/office/dead-jobs.ts";
import controls from "../../ui/controls.module.css";
import { DataTable, type DataTableColumn } from "../../ui/data-table.tsx";
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
    <code className={styles.code}>
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
  const columns = useMemo((): DataTableColumn<DeadJob>[] => {
    const t = (id: string) => intl.formatMessage({ id });
    const notRecorded = <span className={styles.muted}>{t("Office.jobs_not_recorded")}</span>;
    return [
      {
        id: "event_type",
        header: t("Office.jobs_col_event_type"),
        meta: { rowHeader: true, cardLabel: true },
        cell: ({ row: { original: job } }) =>
          job.attributes.event_type ? <CodeName name={job.attributes.event_type} /> : notRecorded,
      },
      {
        id: "event_id",
        header: t("Office.jobs_col_event_id"),
        cell: ({ row: { original: job } }) => job.attributes.event_id ?? notRecorded,
      },
      {
        id: "queue",
        header: t("Office.jobs_col_queue"),
        cell: ({ row: { original: job } }) => <CodeName name={job.attributes.queue} />,
      },
      {
        id: "failed_at",
        header: t("Office.jobs_col_failed_at"),
        cell: ({ row: { original: job } }) => (
          <time dateTime={job.attributes.failed_at}>
            <span className={styles.date}>
              {intl.formatDate(job.attributes.failed_at, { dateStyle: "medium" })}
            </span>{" "}
            <span className={styles.time}>
              {intl.formatTime(job.attributes.failed_at, { timeStyle: "medium" })}
            </span>
          </time>
        ),
      },
      {
        id: "attempts",
        header: t("Office.jobs_col_attempts"),
        meta: { className: styles.numeric },
        cell: ({ row: { original: job } }) => intl.formatNumber(job.attributes.attempts),
      },
      {
        id: "error",
        header: t("Office.jobs_col_error"),
        meta: { className: styles.errorColumn },
        cell: ({ row: { original: job } }) =>
          job.attributes.error ? (
            <span className={styles.error}>{job.attributes.error}</span>
          ) : (
            notRecorded
          ),
      },
      {
        id: "action",
        header: t("Office.jobs_col_action"),
        meta: { headerHidden: true, className: styles.actionCell },
        cell: ({ row: { original: job } }) => (
          <RetryButton job={job} retryingId={retryingId} onRetry={onRetry} />
        ),
      },
    ];
  }, [intl, retryingId, onRetry]);

  return (
    <DataTable
      caption={intl.formatMessage({ id: "Office.jobs_count" }, { count: jobs.length })}
      columns={columns}
      rows={jobs}
      rowId={(job) => job.id}
    />
  );
}

function RetryButton({ job, retryingId, onRetry }: { job: DeadJob } & Omit<Props, "jobs">) {
  const intl = useIntl();
  const { event_type, event_id, queue } = job.attributes;
  return (
    <button
      type="button"
      className={`${controls.button} ${controls.secondary}`}
      aria-disabled={retryingId !== undefined || undefined}
      onClick={() => onRetry(job)}
    >
      {intl.formatMessage({
        id: retryingId === job.id ? "Office.jobs_retrying" : "Office.jobs_retry",
      })}{" "}
      <span className="visually-hidden">
        {intl.formatMessage(
          { id: "Office.jobs_retry_which" },
          { type: event_type ?? queue, event: event_id ?? "none" },
        )}
      </span>
    </button>
  );
}

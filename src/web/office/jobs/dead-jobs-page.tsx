// /jobs: the platform admin's failed background jobs — the durable event-handler jobs that failed
// every retry and sit in the dead-letter queue — with their last error and a retry per job that
// puts it back on its queue. The outcome of a retry is announced, and the list re-read.
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { ApiError } from "../../api/client.ts";
import { type DeadJob, useDeadJobs } from "../../api/office/dead-jobs.ts";
import { useRetryDeadJob } from "../../api/office/retry-dead-job.ts";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import styles from "./dead-jobs-page.module.css";
import { DeadJobsTable } from "./dead-jobs-table.tsx";

/** The outcome of the last retry; `key` makes a repeated message a new one for screen readers. */
type Outcome = { kind: "retried" | "gone" | "failed"; key: number };

const OUTCOME_MESSAGES = {
  retried: "Office.jobs_retried",
  gone: "Office.jobs_already_retried",
  failed: "Office.jobs_retry_failed",
} as const;

export function DeadJobsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const title = t("Office.jobs_title");
  usePageTitle(title);
  const jobs = useDeadJobs();
  const retry = useRetryDeadJob();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const refocusAfterRetry = useRef(false);
  const list = jobs.data?.data;

  // A retried job leaves the list with the button that had focus: rather than dropping focus to
  // the top of the document, put it on the page's heading, just above the announced outcome.
  useEffect(() => {
    if (!list || !refocusAfterRetry.current) return;
    const active = document.activeElement;
    if (!active || active === document.body) {
      refocusAfterRetry.current = false;
      titleRef.current?.focus();
    }
  }, [list]);

  function retryJob(job: DeadJob) {
    if (retry.isPending) return;
    setOutcome(null);
    refocusAfterRetry.current = true;
    retry.mutate(job.id, {
      onSuccess: () => setOutcome({ kind: "retried", key: Date.now() }),
      onError: (error) => {
        const gone = error instanceof ApiError && error.status === 404;
        // A job that failed to go back keeps its row, and its button keeps focus.
        if (!gone) refocusAfterRetry.current = false;
        setOutcome({ kind: gone ? "gone" : "failed", key: Date.now() });
      },
    });
  }

  return (
    <section aria-labelledby="jobs-title" className={styles.page}>
      <h1 id="jobs-title" ref={titleRef} tabIndex={-1} className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{t("Office.jobs_intro")}</p>

      {/* Always in the page, so screen readers are listening before the first outcome. */}
      <div role="status" className={styles.region}>
        {outcome && outcome.kind !== "failed" && (
          <p key={outcome.key} className={controls.notice}>
            {t(OUTCOME_MESSAGES[outcome.kind])}
          </p>
        )}
      </div>
      <div role="alert" className={styles.region}>
        {outcome?.kind === "failed" && (
          <p key={outcome.key} className={controls.alert}>
            {t(OUTCOME_MESSAGES.failed)}
          </p>
        )}
      </div>

      {jobs.isPending ? (
        <p className={styles.status} role="status">
          {t("Office.loading")}
        </p>
      ) : jobs.isError && !list ? (
        <div className={styles.status} role="alert">
          <p>{t("Office.jobs_load_failed")}</p>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => jobs.refetch()}
          >
            {t("Common.try_again")}
          </button>
        </div>
      ) : list && list.length > 0 ? (
        <DeadJobsTable
          jobs={list}
          retryingId={retry.isPending ? retry.variables : undefined}
          onRetry={retryJob}
        />
      ) : (
        <div className={styles.empty}>
          <svg
            className={styles.emptyIcon}
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
          >
            <path
              fill="currentColor"
              d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm4.3 6.3-5.8 5.8-2.8-2.8-1.4 1.4 4.2 4.2 7.2-7.2-1.4-1.4Z"
            />
          </svg>
          <h2 className={styles.emptyTitle}>{t("Office.jobs_empty_title")}</h2>
          <p className={styles.emptyText}>{t("Office.jobs_empty_text")}</p>
        </div>
      )}
    </section>
  );
}

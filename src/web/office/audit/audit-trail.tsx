// The history of one back-office object (GET /audit-log): each change newest first — what happened,
// who did it (or "automatically"), when, and each changed attribute as "Name changed from A to B".
// Pages put it under their edit form and pass their own field labels and value formatting; a save
// invalidates auditLogKey so the new entry shows at once. "Show older changes" loads the page before
// and moves focus to the first entry it added.
import { useEffect, useId, useRef } from "react";
import { useIntl } from "react-intl";
import { type AuditEntry, type AuditSubjectType, useAuditLog } from "../../api/office/audit-log.ts";
import controls from "../../ui/controls.module.css";
import { MessageTime } from "../messages/message-time.tsx";
import styles from "./audit-trail.module.css";
import { formatAuditValue } from "./audit-value.ts";

/** At most this many changed attributes are listed per entry; the rest are counted. */
export const MAX_LISTED_CHANGES = 12;

/** One attribute's change as an entry lists it. */
export type AuditChange = { attribute: string; before: unknown; after: unknown };

type Props = {
  subjectType: AuditSubjectType;
  subjectId: string;
  /**
   * the localised label of an attribute; an attribute without one is shown by its name, and one
   * labelled null is not listed (an internal id)
   */
  labelOf?: (attribute: string) => string | null | undefined;
  /** one stored attribute as several changes (a week as its days); undefined keeps it whole */
  expand?: (change: AuditChange) => AuditChange[] | undefined;
  /** a line under the summary naming what the entry is about (the holiday a record created) */
  describe?: (entry: AuditEntry) => string | undefined;
  /** a page's own wording of a value (a role level as its name); undefined falls back */
  formatValue?: (attribute: string, value: unknown) => string | undefined;
  /** the heading level that fits the page's outline */
  headingLevel?: 2 | 3;
  /** now, for "3 minutes ago" (tests pass a fixed instant) */
  now?: Date;
};

const ACTION_MESSAGES: Record<AuditEntry["attributes"]["action"], string> = {
  created: "Audit.action_created",
  updated: "Audit.action_updated",
  archived: "Audit.action_archived",
  restored: "Audit.action_restored",
  invited: "Audit.action_invited",
  deactivated: "Audit.action_deactivated",
  reactivated: "Audit.action_reactivated",
  imported: "Audit.action_imported",
  deleted: "Audit.action_deleted",
  merged: "Audit.action_merged",
  booked: "Audit.action_booked",
  rescheduled: "Audit.action_rescheduled",
  cancelled: "Audit.action_cancelled",
  arrived: "Audit.action_arrived",
  started: "Audit.action_started",
  completed: "Audit.action_completed",
  no_show: "Audit.action_no_show",
  revoked: "Audit.action_revoked",
};

export function AuditTrail({
  subjectType,
  subjectId,
  labelOf,
  expand,
  describe,
  formatValue,
  headingLevel = 2,
  now,
}: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const headingId = useId();
  const log = useAuditLog(subjectType, subjectId);
  const entries = log.data?.pages.flatMap((page) => page.data) ?? [];
  const firstOfNextPage = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const at = now ?? new Date();
  const words = {
    yes: t("Audit.value_yes"),
    no: t("Audit.value_no"),
    empty: t("Audit.value_empty"),
  };
  const show = (attribute: string, value: unknown) =>
    formatValue?.(attribute, value) ?? formatAuditValue(value, words);

  // After "Show older changes", focus the first entry the new page added.
  const pageCount = log.data?.pages.length ?? 0;
  useEffect(() => {
    if (pageCount < 2 || !firstOfNextPage.current) return;
    const item = listRef.current?.querySelector<HTMLElement>(
      `[data-entry="${firstOfNextPage.current}"]`,
    );
    firstOfNextPage.current = null;
    item?.focus();
  }, [pageCount]);

  function showOlder() {
    firstOfNextPage.current = null;
    void log.fetchNextPage().then((result) => {
      const pages = result.data?.pages;
      firstOfNextPage.current = pages?.[pages.length - 1]?.data[0]?.id ?? null;
    });
  }

  return (
    <section aria-labelledby={headingId} className={styles.trail}>
      <Heading id={headingId} className={styles.heading}>
        {t("Audit.heading")}
      </Heading>
      {log.isPending ? (
        <p role="status" className={styles.quiet}>
          {t("Audit.loading")}
        </p>
      ) : log.isError && entries.length === 0 ? (
        <div role="alert" className={styles.problem}>
          <p>{t("Audit.load_failed")}</p>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => void log.refetch()}
          >
            {t("Audit.retry")}
          </button>
        </div>
      ) : entries.length === 0 ? (
        <p className={styles.quiet}>{t("Audit.empty")}</p>
      ) : (
        <>
          <ol ref={listRef} className={styles.entries}>
            {entries.map((entry) => {
              const { action, actor, before, after, changed, created_at } = entry.attributes;
              const changes =
                action === "created"
                  ? []
                  : changed
                      .flatMap((attribute) => {
                        const change = {
                          attribute,
                          before: before?.[attribute],
                          after: after?.[attribute],
                        };
                        return expand?.(change) ?? [change];
                      })
                      .filter((change) => labelOf?.(change.attribute) !== null);
              const listed = changes.slice(0, MAX_LISTED_CHANGES);
              const more = changes.length - listed.length;
              const about = describe?.(entry);
              return (
                <li key={entry.id} data-entry={entry.id} tabIndex={-1} className={styles.entry}>
                  <p className={styles.summary}>
                    <strong>{t(ACTION_MESSAGES[action])}</strong>{" "}
                    <span className={styles.actor}>
                      {actor ? t("Audit.by", { name: actor.full_name }) : t("Audit.by_system")}
                    </span>{" "}
                    <MessageTime at={created_at} now={at} className={styles.time} />
                  </p>
                  {about && <p className={styles.about}>{about}</p>}
                  {listed.length > 0 && (
                    <ul className={styles.changes}>
                      {listed.map((change) => (
                        <li key={change.attribute}>
                          {t("Audit.change", {
                            field: labelOf?.(change.attribute) ?? change.attribute,
                            before: show(change.attribute, change.before),
                            after: show(change.attribute, change.after),
                          })}
                        </li>
                      ))}
                      {more > 0 && <li>{t("Audit.more_changes", { count: more })}</li>}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
          <div role="status" className={styles.more}>
            {log.isFetchingNextPage ? (
              <p className={styles.quiet}>{t("Audit.loading_older")}</p>
            ) : log.isFetchNextPageError ? (
              <p className={controls.alert}>{t("Audit.load_failed")}</p>
            ) : null}
          </div>
          {log.hasNextPage && !log.isFetchingNextPage && (
            <button
              type="button"
              className={`${controls.button} ${controls.secondary}`}
              onClick={showOlder}
            >
              {t("Audit.show_older")}
            </button>
          )}
        </>
      )}
    </section>
  );
}

// /messages: the message log for managers — every email and SMS of the vendor, sent or received,
// newest first, with what became of each; filters in the address, a search that waits for a pause
// in typing, and "Load more" for older messages (focus goes to the first one it adds).
import { useEffect, useMemo, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { useMessageLog } from "../../api/office/message-log.ts";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { useStaffSession } from "../shell/staff-session.ts";
import { MessageLogFilters } from "./message-log-filters.tsx";
import styles from "./message-log-page.module.css";
import { MessageLogTable } from "./message-log-table.tsx";
import { apiFilters, useMessageLogFilters } from "./use-message-log-filters.ts";

/** How often "5 minutes ago" moves on. */
const CLOCK_MS = 30_000;

function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function MessageLogPage() {
  const me = useStaffSession();
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const title = t("MessageLog.title");
  usePageTitle(title);
  const now = useClock();
  const { filters, setFilter, clearFilters, active } = useMessageLogFilters(me);
  const query = useMemo(() => apiFilters(filters), [filters]);
  const log = useMessageLog(query);
  const messages = useMemo(() => log.data?.pages.flatMap((page) => page.data) ?? [], [log.data]);
  const timeZones = useMemo(
    () => new Map(me.locations.map((location) => [String(location.id), location.timezone])),
    [me.locations],
  );
  const listRef = useRef<HTMLDivElement>(null);
  const firstNew = useRef<number | null>(null);

  // After "Load more", focus the first message it added: the button may be gone with the last page.
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || messages.length <= index) return;
    firstNew.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] th`)?.focus();
  }, [messages]);

  function loadMore() {
    if (log.isFetchingNextPage) return;
    firstNew.current = messages.length;
    void log.fetchNextPage();
  }

  return (
    <section aria-labelledby="messages-title" className={styles.page}>
      <h1 id="messages-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{t("MessageLog.intro")}</p>

      <MessageLogFilters
        locations={me.locations}
        filters={filters}
        active={active}
        onChange={setFilter}
        onClear={clearFilters}
      />

      {/* Always in the page, so screen readers hear how many messages a filter leaves. */}
      <div role="status" className="visually-hidden">
        {log.isSuccess && !log.isPlaceholderData
          ? intl.formatMessage({ id: "MessageLog.count" }, { count: messages.length })
          : ""}
      </div>

      {log.isPending ? (
        <p className={styles.status}>{t("Office.loading")}</p>
      ) : log.isError && messages.length === 0 ? (
        <div className={styles.status} role="alert">
          <p>{t("MessageLog.load_failed")}</p>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => log.refetch()}
          >
            {t("Common.try_again")}
          </button>
        </div>
      ) : messages.length > 0 ? (
        <div ref={listRef} aria-busy={log.isFetching || undefined}>
          <MessageLogTable messages={messages} now={now} timeZones={timeZones} />
          {log.hasNextPage && (
            <div className={styles.more}>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary}`}
                aria-disabled={log.isFetchingNextPage || undefined}
                onClick={loadMore}
              >
                {t(log.isFetchingNextPage ? "MessageLog.loading_more" : "MessageLog.load_more")}
              </button>
            </div>
          )}
          {log.isFetchNextPageError && (
            <p role="alert" className={controls.alert}>
              {t("MessageLog.load_failed")}
            </p>
          )}
        </div>
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
              d="M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 3.2V18h16V7.2l-8 5-8-5ZM5.8 6l6.2 3.9L18.2 6H5.8Z"
            />
          </svg>
          <h2 className={styles.emptyTitle}>
            {t(active ? "MessageLog.empty_filtered_title" : "MessageLog.empty_title")}
          </h2>
          <p className={styles.emptyText}>
            {t(active ? "MessageLog.empty_filtered_text" : "MessageLog.empty_text")}
          </p>
          {active && (
            <button
              type="button"
              className={`${controls.button} ${controls.secondary}`}
              onClick={clearFilters}
            >
              {t("MessageLog.clear_filters")}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

// The list of one of a client's tabs: its items newest first, a loading and an empty state, and
// "Load more" for the next page (focus goes to the first item it adds).
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { useIntl } from "react-intl";
import { useClientTab } from "../../api/office/clients.ts";
import controls from "../../ui/controls.module.css";
import { EmptyState, ListLoadFailed, ListLoading } from "../../ui/list-states.tsx";
import { describeError } from "../forms/describe-error.ts";
import type { ClientTab } from "../office-paths.ts";
import styles from "./clients.module.css";

type Item = { id: string };

export function ClientTabList<T extends ClientTab>({
  clientId,
  tab,
  label,
  emptyId,
  renderItem,
}: {
  clientId: string;
  tab: T;
  label: string;
  emptyId: string;
  renderItem: (item: never) => ReactNode;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const query = useClientTab(clientId, tab);
  const items = useMemo(
    () => (query.data?.pages ?? []).flatMap((page): Item[] => page.data),
    [query.data],
  );
  const listRef = useRef<HTMLUListElement>(null);
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || items.length <= index) return;
    firstNew.current = null;
    listRef.current?.querySelectorAll<HTMLElement>(":scope > li")[index]?.focus();
  }, [items]);

  if (query.isPending) return <ListLoading />;
  if (query.isError && items.length === 0) {
    return (
      <ListLoadFailed message={describeError(intl, query.error)} onRetry={() => query.refetch()} />
    );
  }
  if (items.length === 0) return <EmptyState title={t(emptyId)} />;
  return (
    <section aria-label={label} aria-busy={query.isFetching || undefined}>
      <ul ref={listRef} className={styles.list}>
        {items.map((item) => (
          <li key={item.id} className={styles.item} tabIndex={-1}>
            {renderItem(item as never)}
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className={styles.actions}>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            aria-disabled={query.isFetchingNextPage || undefined}
            onClick={() => {
              if (query.isFetchingNextPage) return;
              firstNew.current = items.length;
              void query.fetchNextPage();
            }}
          >
            {t(query.isFetchingNextPage ? "Clients.loading_more" : "Clients.load_more")}
          </button>
        </div>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className={controls.alert}>
          {describeError(intl, query.error)}
        </p>
      )}
    </section>
  );
}

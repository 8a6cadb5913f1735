// What a list shows instead of rows: loading, a failure with "Try again", or an empty state with a
// title, an optional line of help and the action that fills it ("Add location").
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import controls from "./controls.module.css";
import styles from "./list-states.module.css";

export function ListLoading() {
  const intl = useIntl();
  return <p className={styles.state}>{intl.formatMessage({ id: "Office.loading" })}</p>;
}

export function ListLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <div className={styles.state} role="alert">
      <p>{message}</p>
      <button
        type="button"
        className={`${controls.button} ${controls.secondary}`}
        onClick={onRetry}
      >
        {intl.formatMessage({ id: "Common.try_again" })}
      </button>
    </div>
  );
}

type EmptyProps = {
  title: string;
  /** heading level in the page's outline (h2 under the page's h1 by default) */
  level?: 2 | 3;
  children?: ReactNode;
  action?: ReactNode;
};

export function EmptyState({ title, level = 2, children, action }: EmptyProps) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className={styles.state}>
      <Heading className={styles.title}>{title}</Heading>
      {children && <p className={styles.help}>{children}</p>}
      {action}
    </div>
  );
}

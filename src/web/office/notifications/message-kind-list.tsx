// The messages of the page, each with its name and what it is for; the chosen one is marked, and
// choosing keeps the language and location of the address.
import { useIntl } from "react-intl";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import styles from "./notification-settings-page.module.css";

export function MessageKindList({
  kinds,
  current,
}: {
  kinds: string[];
  current: string | undefined;
}) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const searchFor = (kind: string) => {
    const next = new URLSearchParams(params);
    next.set("kind", kind);
    return `?${next.toString()}`;
  };
  return (
    <nav aria-labelledby="notification-kinds-title" className={styles.kinds}>
      <h2 id="notification-kinds-title" className={styles.kindsTitle}>
        {intl.formatMessage({ id: "Office.notifications.kinds_heading" })}
      </h2>
      <ul className={styles.kindList}>
        {kinds.map((kind) => (
          <li key={kind}>
            <Link
              to={{ search: searchFor(kind) }}
              replace
              aria-current={kind === current ? "true" : undefined}
              className={kind === current ? `${styles.kind} ${styles.kindActive}` : styles.kind}
            >
              <span className={styles.kindName}>
                {intl.formatMessage({ id: `Office.notifications.kind.${kind}.name` })}
              </span>
              <span className={styles.kindDescription}>
                {intl.formatMessage({ id: `Office.notifications.kind.${kind}.description` })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// The home page's search and order: a search by name, city or address, and a button that offers
// the nearest locations first. Only that button asks the browser for the visitor's position.
import { useId } from "react";
import { FormattedMessage } from "react-intl";
import styles from "./home-toolbar.module.css";
import type { VisitorPosition } from "./use-visitor-position.ts";

type Props = {
  text: string;
  onTextChange: (text: string) => void;
  position: VisitorPosition;
  onLocate: () => void;
  onForget: () => void;
};

export function HomeToolbar({ text, onTextChange, position, onLocate, onForget }: Props) {
  const inputId = useId();
  const locating = position.kind === "locating";
  return (
    <div className={styles.toolbar}>
      <search className={styles.search}>
        <label htmlFor={inputId} className={styles.label}>
          <FormattedMessage id="LocationFinder.search_label" />
        </label>
        <div className={styles.field}>
          <svg
            className={styles.searchIcon}
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            focusable="false"
          >
            <path
              fill="currentColor"
              d="M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 9.5 16a6.5 6.5 0 0 0 4.2-1.6l.3.3v.8l5 5 1.5-1.5-5-5Zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Z"
            />
          </svg>
          <input
            id={inputId}
            className={styles.input}
            type="search"
            value={text}
            onChange={(event) => onTextChange(event.target.value)}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
          />
        </div>
      </search>
      {position.kind === "located" ? (
        <button type="button" className={styles.order} onClick={onForget}>
          <FormattedMessage id="Home.open_first" />
        </button>
      ) : (
        <button
          type="button"
          className={styles.order}
          onClick={onLocate}
          disabled={locating}
          aria-describedby={position.kind === "failed" ? `${inputId}-position` : undefined}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm8.9 3A9 9 0 0 0 13 3.1V1h-2v2.1A9 9 0 0 0 3.1 11H1v2h2.1a9 9 0 0 0 7.9 7.9V23h2v-2.1a9 9 0 0 0 7.9-7.9H23v-2h-2.1ZM12 19a7 7 0 1 1 0-14 7 7 0 0 1 0 14Z"
            />
          </svg>
          <FormattedMessage id={locating ? "Home.locating" : "Home.nearest_first"} />
        </button>
      )}
      {position.kind === "failed" && (
        <p id={`${inputId}-position`} className={styles.error} role="alert">
          <FormattedMessage id="Home.position_failed" />
        </p>
      )}
    </div>
  );
}

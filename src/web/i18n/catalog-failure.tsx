// Shown only when no message catalog could be loaded (offline, deploy in progress). Without a
// catalog there is nothing to translate with, so this one screen speaks plain English.
import styles from "./catalog-failure.module.css";

export function CatalogFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <main className={styles.failure} lang="en">
      <h1>Something went wrong</h1>
      <p>The page could not be loaded. Please check your connection and try again.</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Try again
      </button>
    </main>
  );
}

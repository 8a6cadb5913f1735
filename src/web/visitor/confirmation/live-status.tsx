// Says so when the page's live updates have been down for more than 10 s, with the time of the last
// update, and goes away by itself once they are back. Its words are in the `Live.*` catalog part,
// loaded with the live channel's chunk (vite.config.ts MESSAGE_PARTS), not with the form's catalog.
import { FormattedMessage, useIntl } from "react-intl";
import type { Locale } from "../../../shared/domain.ts";
import { useLiveUpdatesDown } from "../../api/realtime/use-live-updates-down.ts";
import { CatalogPart } from "../../i18n/catalog-part.tsx";
import type { Messages } from "../../i18n/load-catalog.ts";
import styles from "./live-status.module.css";

// Under Vitest the query is ignored and each is the whole catalog.
const loaders = import.meta.glob<Messages>("../../../shared/i18n/*.json", {
  import: "default",
  query: "?live",
});

async function loadLiveCatalog(locale: Locale): Promise<Messages> {
  const load = loaders[`../../../shared/i18n/${locale}.json`];
  if (!load) throw new Error(`no live message catalog for ${locale}`);
  return load();
}

export function LiveStatus() {
  const lastLive = useLiveUpdatesDown();
  // The live region is always there, so that a screen reader announces the notice when it appears.
  return (
    <div role="status" className={styles.region}>
      {lastLive && (
        <CatalogPart name="live" load={loadLiveCatalog}>
          <LiveDownNotice lastLive={lastLive} />
        </CatalogPart>
      )}
    </div>
  );
}

function LiveDownNotice({ lastLive }: { lastLive: Date }) {
  const intl = useIntl();
  return (
    <p className={styles.notice}>
      <span className={styles.dot} aria-hidden="true" />
      <FormattedMessage id="Live.paused" values={{ time: intl.formatTime(lastLive) }} />
    </p>
  );
}

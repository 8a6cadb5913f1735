// The line, in order: every waiting visitor (of the chosen service, when filtered), or what an
// empty line means.
import { useIntl } from "react-intl";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import type { LobbyDialog } from "./lobby-dialog.ts";
import styles from "./lobby-lists.module.css";
import type { LobbyActions } from "./use-lobby-actions.ts";
import { type RowPermissions, WaitingRow } from "./waiting-row.tsx";

type Props = {
  entries: readonly LobbyEntry[];
  /** waiting at the location, before the service filter */
  total: number;
  filtered: boolean;
  fresh: ReadonlySet<string>;
  offsetMs: number;
  timezone: string;
  can: RowPermissions;
  actions: LobbyActions;
  openDialog: (dialog: LobbyDialog) => void;
};

export function WaitingList(props: Props) {
  const intl = useIntl();
  const { entries, actions } = props;
  return (
    <section className={styles.section} aria-labelledby="waiting-heading">
      <h2 id="waiting-heading" className={styles.heading}>
        {intl.formatMessage({ id: "Office.waiting_heading" })}
        <span className={styles.count}>
          {props.filtered
            ? intl.formatMessage(
                { id: "Office.filtered_count" },
                { shown: entries.length, total: props.total },
              )
            : intl.formatNumber(entries.length)}
        </span>
      </h2>
      {entries.length === 0 ? (
        <p className={styles.empty}>
          {intl.formatMessage({
            id: props.filtered ? "Office.waiting_empty_filtered" : "Office.waiting_empty",
          })}
        </p>
      ) : (
        <ol className={styles.list}>
          {entries.map((entry) => (
            <WaitingRow
              key={entry.id}
              entry={entry}
              offsetMs={props.offsetMs}
              timezone={props.timezone}
              isNew={props.fresh.has(entry.id)}
              can={props.can}
              busy={actions.busy.has(entry.id)}
              onCall={() => actions.call(entry)}
              onNoShow={() => props.openDialog({ kind: "no-show", entry })}
              onCancel={() => props.openDialog({ kind: "cancel", entry })}
              onArrived={(arrived) => actions.setArrived(entry, arrived)}
              onMeetingLink={() => props.openDialog({ kind: "meeting-link", entry })}
              onTransfer={() => props.openDialog({ kind: "transfer", entry })}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

// Visitors in a meeting. The staff member's own visitor has its own panel ("You are serving"),
// with complete as the big action; the colleagues' meetings are listed beside the line.
import { useIntl } from "react-intl";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import { InProgressRow } from "./in-progress-row.tsx";
import type { LobbyDialog } from "./lobby-dialog.ts";
import styles from "./lobby-lists.module.css";
import type { LobbyActions } from "./use-lobby-actions.ts";
import type { RowPermissions } from "./waiting-row.tsx";

type Props = {
  entries: readonly LobbyEntry[];
  /** the panel of the staff member's own visitor, rather than the list of the others */
  mine?: boolean;
  offsetMs: number;
  timezone: string;
  can: RowPermissions;
  actions: LobbyActions;
  openDialog: (dialog: LobbyDialog) => void;
};

export function InProgressList(props: Props) {
  const intl = useIntl();
  const { entries, actions, mine = false } = props;
  const headingId = mine ? "serving-heading" : "in-progress-heading";
  if (mine && entries.length === 0) return null;
  return (
    <section
      className={`${styles.section} ${mine ? styles.serving : ""}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className={styles.heading}>
        {intl.formatMessage({ id: mine ? "Office.serving_heading" : "Office.in_progress_heading" })}
        {!mine && <span className={styles.count}>{intl.formatNumber(entries.length)}</span>}
      </h2>
      {entries.length === 0 ? (
        <p className={styles.empty}>{intl.formatMessage({ id: "Office.in_progress_empty" })}</p>
      ) : (
        <ul className={styles.list}>
          {entries.map((entry) => (
            <InProgressRow
              key={entry.id}
              entry={entry}
              mine={mine}
              offsetMs={props.offsetMs}
              timezone={props.timezone}
              can={props.can}
              busy={actions.busy.has(entry.id)}
              onComplete={() => actions.complete(entry)}
              onReturn={() => actions.returnToLine(entry)}
              onNoShow={() => props.openDialog({ kind: "no-show", entry })}
              onCancel={() => props.openDialog({ kind: "cancel", entry })}
              onMeetingLink={() => props.openDialog({ kind: "meeting-link", entry })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

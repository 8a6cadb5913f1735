// Visitors called to a desk and not yet started, apart from the line: the staff member's own
// first, then their colleagues'. Empty, the section is not shown.
import { useIntl } from "react-intl";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import { CalledRow } from "./called-row.tsx";
import type { LobbyDialog } from "./lobby-dialog.ts";
import styles from "./lobby-lists.module.css";
import type { LobbyActions } from "./use-lobby-actions.ts";
import type { RowPermissions } from "./waiting-row.tsx";

type Props = {
  entries: readonly LobbyEntry[];
  myId: string;
  offsetMs: number;
  timezone: string;
  can: RowPermissions;
  actions: LobbyActions;
  openDialog: (dialog: LobbyDialog) => void;
};

export function CalledList(props: Props) {
  const intl = useIntl();
  const { entries, actions, myId } = props;
  if (entries.length === 0) return null;
  const isMine = (entry: LobbyEntry) => entry.attributes.user?.id === myId;
  const ordered = [...entries.filter(isMine), ...entries.filter((entry) => !isMine(entry))];
  return (
    <section className={`${styles.section} ${styles.called}`} aria-labelledby="called-heading">
      <h2 id="called-heading" className={styles.heading}>
        {intl.formatMessage({ id: "Office.called_heading" })}
        <span className={styles.count}>{intl.formatNumber(entries.length)}</span>
      </h2>
      <ul className={styles.list}>
        {ordered.map((entry) => (
          <CalledRow
            key={entry.id}
            entry={entry}
            mine={isMine(entry)}
            offsetMs={props.offsetMs}
            timezone={props.timezone}
            can={props.can}
            busy={actions.busy.has(entry.id)}
            onStart={() => actions.start(entry)}
            onRecall={() => actions.recall(entry)}
            onReturn={() => actions.returnToLine(entry)}
            onNoShow={() => props.openDialog({ kind: "no-show", entry })}
            onCancel={() => props.openDialog({ kind: "cancel", entry })}
          />
        ))}
      </ul>
    </section>
  );
}

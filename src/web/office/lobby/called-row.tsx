// One visitor called to a desk and on their way: the desk, the time since the (latest) call,
// ticking, how often they were called again, and start as the big action when they arrive (S for
// the staff member's own), with recall (R) beside it.
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import controls from "../../ui/controls.module.css";
import { DetailsToggle } from "./details-toggle.tsx";
import { ElapsedTime } from "./elapsed-time.tsx";
import { type RowAction, RowActionsMenu } from "./row-actions-menu.tsx";
import { visitorName } from "./use-lobby-actions.ts";
import { VisitorDetails } from "./visitor-details.tsx";
import { VisitorHeading } from "./visitor-heading.tsx";
import styles from "./visitor-row.module.css";
import type { RowPermissions } from "./waiting-row.tsx";

type Props = {
  entry: LobbyEntry;
  mine: boolean;
  offsetMs: number;
  timezone: string;
  can: RowPermissions;
  busy: boolean;
  onStart: () => void;
  onRecall: () => void;
  onReturn: () => void;
  onNoShow: () => void;
  onCancel: () => void;
};

export function CalledRow(props: Props) {
  const { entry, can, busy, mine } = props;
  const a = entry.attributes;
  const call = a.call;
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const id = useId();
  const name = visitorName(entry);
  const t = (messageId: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: messageId }, values);
  if (!call) return null;

  const more: RowAction[] = [];
  if (can.serve)
    more.push({ id: "return", label: t("Office.return_to_line"), onAction: props.onReturn });
  if (can.serve)
    more.push({
      id: "no-show",
      label: t("Office.no_show"),
      danger: true,
      onAction: props.onNoShow,
    });
  if (can.cancel)
    more.push({
      id: "cancel",
      label: t("Office.cancel_visit"),
      danger: true,
      onAction: props.onCancel,
    });

  return (
    <li
      className={`${styles.row} ${styles.inProgress} ${mine ? styles.mine : ""}`}
      aria-labelledby={`${id}-name`}
      aria-busy={busy || undefined}
    >
      <div className={styles.main}>
        <VisitorHeading
          headingId={`${id}-name`}
          entry={entry}
          badge={mine && <span className={styles.mineBadge}>{t("Office.your_visitor")}</span>}
        />
        <p className={styles.meta}>
          <span className={styles.desk}>
            {call.desk
              ? t("Office.called_to_desk", { desk: call.desk })
              : t("Office.called_no_desk")}
          </span>
          {a.user && !mine && <span>{t("Office.called_by", { name: a.user.full_name })}</span>}
          {call.recall_count > 0 && (
            <span>{t("Office.recalled_times", { count: call.recall_count })}</span>
          )}
        </p>
      </div>
      <p className={styles.times}>
        <span className={styles.waited}>
          <ElapsedTime since={call.last_at} offsetMs={props.offsetMs} />
        </span>
        <span className={styles.timeLabel}>{t("Office.since_call")}</span>
      </p>
      <div className={styles.actions}>
        {can.serve && (
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={props.onRecall}
            aria-disabled={busy || undefined}
            aria-keyshortcuts={mine ? "R" : undefined}
            aria-label={t("Office.recall_named", { name })}
          >
            {t("Office.recall")}
            {mine && (
              <span className={styles.kbd} aria-hidden="true">
                R
              </span>
            )}
          </button>
        )}
        {can.serve && (
          <button
            type="button"
            className={`${controls.button} ${mine ? controls.primary : controls.secondary}`}
            onClick={props.onStart}
            aria-disabled={busy || undefined}
            aria-keyshortcuts={mine ? "S" : undefined}
            aria-label={t("Office.start_named", { name })}
          >
            {t("Office.start")}
            {mine && (
              <span className={styles.kbd} aria-hidden="true">
                S
              </span>
            )}
          </button>
        )}
        <DetailsToggle open={open} controls={`${id}-details`} onToggle={() => setOpen(!open)} />
        <RowActionsMenu
          label={t("Office.more_actions", { name })}
          actions={more}
          isDisabled={busy}
        />
      </div>
      {open && <VisitorDetails entry={entry} id={`${id}-details`} timezone={props.timezone} />}
    </li>
  );
}

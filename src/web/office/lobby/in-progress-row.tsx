// One visitor in a meeting: who serves them and for how long (ticking), a video visit's link
// state, and complete as the big action (C on the keyboard for the staff member's own visitor).
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { MEETING_METHODS } from "../../../shared/domain.ts";
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
  onComplete: () => void;
  onReturn: () => void;
  onNoShow: () => void;
  onCancel: () => void;
  onMeetingLink: () => void;
};

export function InProgressRow(props: Props) {
  const { entry, can, busy, mine } = props;
  const a = entry.attributes;
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const id = useId();
  const name = visitorName(entry);
  const t = (messageId: string) => intl.formatMessage({ id: messageId });
  const video = a.meeting_method === MEETING_METHODS.video;

  const more: RowAction[] = [];
  if (can.serve)
    more.push({ id: "return", label: t("Office.return_to_line"), onAction: props.onReturn });
  if (can.link && video && a.meeting_link)
    more.push({
      id: "link",
      label: t("Office.change_meeting_link"),
      onAction: props.onMeetingLink,
    });
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
          {a.user && (
            <span>
              {mine
                ? t("Office.served_by_you")
                : intl.formatMessage({ id: "Office.served_by" }, { name: a.user.full_name })}
            </span>
          )}
          {video && (
            <span className={a.meeting_link ? styles.linkSet : styles.linkMissing}>
              {t(a.meeting_link ? "Office.link_sent" : "Office.link_missing")}
            </span>
          )}
        </p>
      </div>
      <p className={styles.times}>
        <span className={styles.waited}>
          {a.started_at && <ElapsedTime since={a.started_at} offsetMs={props.offsetMs} />}
        </span>
        <span className={styles.timeLabel}>{t("Office.in_meeting")}</span>
      </p>
      <div className={styles.actions}>
        {can.link && video && !a.meeting_link && (
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={props.onMeetingLink}
            aria-disabled={busy || undefined}
          >
            {t("Office.set_meeting_link")}
          </button>
        )}
        {can.serve && (
          <button
            type="button"
            className={`${controls.button} ${mine ? controls.primary : controls.secondary}`}
            onClick={props.onComplete}
            aria-disabled={busy || undefined}
            aria-keyshortcuts={mine ? "C" : undefined}
            aria-label={intl.formatMessage({ id: "Office.complete_named" }, { name })}
          >
            {t("Office.complete")}
            {mine && (
              <span className={styles.kbd} aria-hidden="true">
                C
              </span>
            )}
          </button>
        )}
        <DetailsToggle open={open} controls={`${id}-details`} onToggle={() => setOpen(!open)} />
        <RowActionsMenu
          label={intl.formatMessage({ id: "Office.more_actions" }, { name })}
          actions={more}
          isDisabled={busy}
        />
      </div>
      {open && <VisitorDetails entry={entry} id={`${id}-details`} timezone={props.timezone} />}
    </li>
  );
}

// One waiting visitor: place in line, name, service, how they meet, the car of a curbside visit,
// time waited (ticking) against the quote, and the desk's actions; details open on demand.
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { MEETING_METHODS } from "../../../shared/domain.ts";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import controls from "../../ui/controls.module.css";
import { CurbsideArrival } from "./curbside-arrival.tsx";
import { DetailsToggle } from "./details-toggle.tsx";
import { ElapsedTime } from "./elapsed-time.tsx";
import { QuotedWait } from "./quoted-wait.tsx";
import { type RowAction, RowActionsMenu } from "./row-actions-menu.tsx";
import { visitorName } from "./use-lobby-actions.ts";
import { VisitorDetails } from "./visitor-details.tsx";
import { VisitorHeading } from "./visitor-heading.tsx";
import styles from "./visitor-row.module.css";

export type RowPermissions = { serve: boolean; cancel: boolean; link: boolean; transfer: boolean };

type Props = {
  entry: LobbyEntry;
  offsetMs: number;
  timezone: string;
  isNew: boolean;
  can: RowPermissions;
  busy: boolean;
  onCall: () => void;
  onNoShow: () => void;
  onCancel: () => void;
  onArrived: (arrived: boolean) => void;
  onMeetingLink: () => void;
  onTransfer: () => void;
};

export function WaitingRow(props: Props) {
  const { entry, can, busy } = props;
  const a = entry.attributes;
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const id = useId();
  const name = visitorName(entry);
  const t = (messageId: string) => intl.formatMessage({ id: messageId });

  const more: RowAction[] = [];
  if (can.serve && a.car_details)
    more.push({
      id: "arrived",
      label: t(a.arrived_at ? "Office.mark_not_arrived" : "Office.mark_arrived"),
      onAction: () => props.onArrived(!a.arrived_at),
    });
  if (can.link && a.meeting_method === MEETING_METHODS.video)
    more.push({ id: "link", label: t("Office.set_meeting_link"), onAction: props.onMeetingLink });
  if (can.transfer)
    more.push({ id: "transfer", label: t("Office.transfer"), onAction: props.onTransfer });
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
      className={`${styles.row} ${props.isNew ? styles.fresh : ""}`}
      aria-labelledby={`${id}-name`}
      aria-busy={busy || undefined}
    >
      <span className={styles.position}>
        <span className="visually-hidden">{t("Office.place_in_line")} </span>
        {a.position}
      </span>
      <div className={styles.main}>
        <VisitorHeading
          headingId={`${id}-name`}
          entry={entry}
          badge={props.isNew && <span className={styles.newBadge}>{t("Office.new_badge")}</span>}
        >
          {a.user && (
            <span>
              {intl.formatMessage({ id: "Office.assigned_to" }, { name: a.user.full_name })}
            </span>
          )}
        </VisitorHeading>
        <CurbsideArrival entry={entry} timezone={props.timezone} />
        {a.notes && <p className={styles.notesPreview}>{a.notes}</p>}
      </div>
      <p className={styles.times}>
        <span className={styles.waited}>
          <ElapsedTime since={a.queued_at} offsetMs={props.offsetMs} />
        </span>
        <span className={styles.timeLabel}>{t("Office.waited")}</span>
        {a.quoted_wait_seconds !== null && (
          <QuotedWait
            quotedSeconds={a.quoted_wait_seconds}
            queuedAt={a.queued_at}
            offsetMs={props.offsetMs}
          />
        )}
      </p>
      <div className={styles.actions}>
        {can.serve && (
          <button
            type="button"
            className={`${controls.button} ${controls.secondary} ${styles.callButton}`}
            onClick={props.onCall}
            aria-disabled={busy || undefined}
            aria-label={intl.formatMessage({ id: "Office.call_visitor_named" }, { name })}
          >
            {t("Office.call_visitor")}
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

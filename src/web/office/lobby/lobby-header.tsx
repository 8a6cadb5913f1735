// The top of the lobby: which line this is, how many wait and are being served, what a visitor
// joining now would wait, and the two actions the desk uses most: call next (N) and add a walk-in.
import { type Ref, useId } from "react";
import { useIntl } from "react-intl";
import type { LobbyQueueDocument } from "../../api/office/location-queue.ts";
import controls from "../../ui/controls.module.css";
import { formatWait } from "./format-wait.ts";
import styles from "./lobby-header.module.css";

type Props = {
  locationName: string;
  meta: LobbyQueueDocument["meta"] | undefined;
  canServe: boolean;
  canAdd: boolean;
  callingNext: boolean;
  /** why call next waits (the visitor this staff member called or serves), or null */
  blockedReason: string | null;
  onCallNext: () => void;
  onAddWalkIn: () => void;
  /** where focus goes when the row it was on leaves the list */
  callNextRef?: Ref<HTMLButtonElement>;
};

export function LobbyHeader(props: Props) {
  const intl = useIntl();
  const reasonId = useId();
  const { meta } = props;
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const blocked = props.blockedReason !== null;

  return (
    <div className={styles.header}>
      <div className={styles.heading}>
        <p className={styles.eyebrow}>{t("Office.lobby_title")}</p>
        <h1 className={styles.title} tabIndex={-1}>
          {props.locationName}
        </h1>
        {meta && (
          <p className={styles.summary}>
            <span>
              <strong>{intl.formatNumber(meta.counts.waiting)}</strong>{" "}
              {t("Office.count_waiting", { count: meta.counts.waiting })}
            </span>
            {meta.counts.called > 0 && (
              <span>
                <strong>{intl.formatNumber(meta.counts.called)}</strong>{" "}
                {t("Office.count_called", { count: meta.counts.called })}
              </span>
            )}
            <span>
              <strong>{intl.formatNumber(meta.counts.in_progress)}</strong>{" "}
              {t("Office.count_in_progress", { count: meta.counts.in_progress })}
            </span>
            <span>
              {meta.wait_estimate
                ? t("Office.estimate_now", { time: formatWait(intl, meta.wait_estimate.seconds) })
                : t("Office.estimate_none")}
            </span>
          </p>
        )}
      </div>
      <div className={styles.actions}>
        {props.canAdd && (
          <button
            type="button"
            className={`${controls.button} ${controls.secondary} ${styles.big}`}
            onClick={props.onAddWalkIn}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6V5Z" />
            </svg>
            {t("Office.add_walk_in")}
          </button>
        )}
        {props.canServe && (
          <div className={styles.callNext}>
            <button
              ref={props.callNextRef}
              type="button"
              className={`${controls.button} ${controls.primary} ${styles.big} ${styles.primary}`}
              onClick={props.onCallNext}
              aria-keyshortcuts="N"
              aria-disabled={blocked || props.callingNext || undefined}
              aria-describedby={blocked ? reasonId : undefined}
            >
              {t(props.callingNext ? "Office.calling_next" : "Office.call_next")}
              <span className={styles.kbd} aria-hidden="true">
                N
              </span>
            </button>
            {blocked && (
              <p id={reasonId} className={styles.reason}>
                {props.blockedReason}
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

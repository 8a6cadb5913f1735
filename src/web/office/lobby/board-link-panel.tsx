// The location's TV board link, for those who manage it (tv_board.manage): shown on request (the
// first read issues the link), copied with one button, opened in a new tab, or replaced by a new
// link when the old one reached the wrong people. A private location's board shows only through it.
import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { useBoardLink, useRotateBoardLink } from "../../api/office/board-link.ts";
import controls from "../../ui/controls.module.css";
import styles from "./board-link-panel.module.css";

type Notice = { kind: "status" | "alert"; messageId: string; at: number };

export function BoardLinkPanel({ locationId }: { locationId: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const id = useId();
  const [shown, setShown] = useState(false);
  const link = useBoardLink(locationId, shown);
  const rotate = useRotateBoardLink(locationId);
  const [notice, setNotice] = useState<Notice | null>(null);
  const url = link.data ? new URL(link.data.path, window.location.origin).toString() : null;
  const field = useRef<HTMLInputElement>(null);
  const hasUrl = url !== null;
  // The button that asked is gone once the link shows: the link takes the focus.
  useEffect(() => {
    if (shown && hasUrl) field.current?.focus();
  }, [shown, hasUrl]);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setNotice({ kind: "status", messageId: "Office.tv_board_copied", at: Date.now() });
    } catch {
      setNotice({ kind: "alert", messageId: "Office.tv_board_copy_failed", at: Date.now() });
    }
  };
  const makeNew = () =>
    rotate.mutate(undefined, {
      onSuccess: () =>
        setNotice({ kind: "status", messageId: "Office.tv_board_rotated", at: Date.now() }),
      onError: () =>
        setNotice({ kind: "alert", messageId: "Office.tv_board_failed", at: Date.now() }),
    });

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t("Office.tv_board")}
      </h2>
      {!shown ? (
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          aria-controls={`${id}-body`}
          aria-expanded={false}
          onClick={() => setShown(true)}
        >
          {t("Office.tv_board_show")}
        </button>
      ) : (
        <div id={`${id}-body`}>
          {link.isError && (
            <p role="alert" className={styles.error}>
              {t("Office.tv_board_failed")}
            </p>
          )}
          {url && (
            <>
              <label htmlFor={`${id}-url`} className={styles.label}>
                {t("Office.tv_board_link")}
              </label>
              <input
                ref={field}
                id={`${id}-url`}
                className={`${controls.input} ${styles.url}`}
                value={url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                aria-describedby={`${id}-hint`}
              />
              <p id={`${id}-hint`} className={styles.hint}>
                {t("Office.tv_board_hint")}
              </p>
              <div className={styles.actions}>
                <button
                  type="button"
                  className={`${controls.button} ${controls.primary}`}
                  onClick={copy}
                >
                  {t("Office.tv_board_copy")}
                </button>
                <a
                  className={`${controls.button} ${controls.secondary}`}
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t("Office.tv_board_open")}
                </a>
                <button
                  type="button"
                  className={`${controls.button} ${controls.quiet}`}
                  onClick={makeNew}
                  disabled={rotate.isPending}
                >
                  {t("Office.tv_board_rotate")}
                </button>
              </div>
            </>
          )}
        </div>
      )}
      <div role="status" className={styles.notice}>
        {notice?.kind === "status" && <p key={notice.at}>{t(notice.messageId)}</p>}
      </div>
      <div role="alert" className={styles.notice}>
        {notice?.kind === "alert" && <p key={notice.at}>{t(notice.messageId)}</p>}
      </div>
    </section>
  );
}

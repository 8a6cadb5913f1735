// "Are you still there?" (spec §4 Kiosk, §9): shown for the last seconds before an idle kiosk starts
// over, as a modal dialog so that it is announced and takes the focus. Its button, like any other
// input, restarts the kiosk's clock, which closes it.
import { useEffect, useId, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import styles from "./kiosk.module.css";
import { useCountdown } from "./use-kiosk-timers.ts";

const nothing = () => {};

export function KioskStillThere({ seconds }: { seconds: number }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const left = useCountdown(true, seconds * 1000, nothing) ?? seconds;
  const [announced] = useState(seconds);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={styles.stillThere}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <h2 id={titleId} className={styles.title}>
        <FormattedMessage id="Kiosk.still_there_title" />
      </h2>
      <p className={styles.message} aria-hidden="true" data-testid="kiosk-still-there-countdown">
        <FormattedMessage id="Kiosk.starting_over_in" values={{ seconds: left }} />
      </p>
      <p id={textId} className="visually-hidden">
        <FormattedMessage id="Kiosk.starting_over_in" values={{ seconds: announced }} />
      </p>
      {/* biome-ignore lint/a11y/noAutofocus: the dialog's one action takes the focus as it opens */}
      <button type="button" className={styles.primary} autoFocus>
        <FormattedMessage id="Kiosk.still_here" />
      </button>
    </dialog>
  );
}

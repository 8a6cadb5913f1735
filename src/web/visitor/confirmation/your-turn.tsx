// The called moment on the visitor's page: "It's your turn", where to go in large type (the desk,
// or "please come forward" when staff gave none), "we are calling you again" after a recall, and the
// visitor's own choice of a chime. The heading is the status card's live title, so a screen reader
// announces the call as it comes.
import { FormattedMessage } from "react-intl";
import styles from "./confirmation.module.css";
import type { Booking } from "./read-booking.ts";

type Props = { call: NonNullable<Booking["call"]> };

export function YourTurn({ call }: Props) {
  return (
    <div className={styles.yourTurn}>
      <p className={styles.yourTurnWhere}>
        {call.desk ? (
          <FormattedMessage id="Confirmation.go_to_desk" values={{ desk: call.desk }} />
        ) : (
          <FormattedMessage id="Confirmation.go_to_staff" />
        )}
      </p>
      {call.recall_count > 0 && (
        <p className={styles.text}>
          <FormattedMessage id="Confirmation.called_again" />
        </p>
      )}
    </div>
  );
}

/** The visitor's switch for the chime, offered while they wait and once called. */
export function TurnSoundSwitch(props: { enabled: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className={styles.soundSwitch}
      aria-pressed={props.enabled}
      onClick={props.onToggle}
    >
      <FormattedMessage id="Confirmation.turn_sound" />
    </button>
  );
}

// The head of the confirmation page (spec §2): a check, "your request has been added", when we
// will notify you, the wait ("approximately N" or "you are next") and the people ahead ("3 people
// ahead of you", a polite live region, so a change is announced); then, called to a desk, "it's
// your turn — please go to Desk 3" (with the tab's title, a vibration and the visitor's optional
// chime); the meeting in progress once staff started it; the end of the visit, or a no-show ("we
// could not reach you" only when they were called). The title is a polite live region, so a
// change made by staff while the visitor waits is announced as well as shown.
import { FormattedMessage, useIntl } from "react-intl";
import { useCurrentVendor } from "../../current-vendor.ts";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { formatWaitTime } from "../wait-time/format-wait-time.ts";
import { useNow } from "../wait-time/use-now.ts";
import styles from "./confirmation.module.css";
import type { Booking } from "./read-booking.ts";
import { TurnSoundSwitch, YourTurn } from "./your-turn.tsx";
import { useTurnSignal, useTurnSound } from "./your-turn-signal.ts";

type Props = { booking: Booking; expectedStart: string | null; peopleAhead: number | null };

const TITLES = {
  waiting: "Confirmation.added_title",
  in_progress: "Confirmation.in_progress_title",
  completed: "Confirmation.completed_title",
  no_show: "Confirmation.no_show_title",
  cancelled: "Confirmation.cancelled_title",
} as const;

export function StatusCard({ booking, expectedStart, peopleAhead }: Props) {
  const intl = useIntl();
  const call = booking.status === "waiting" ? booking.call : null;
  const sound = useTurnSound();
  useTurnSignal(call?.last_at ?? null, sound.enabled);
  const title = intl.formatMessage({
    id: call ? "Confirmation.your_turn_title" : TITLES[booking.status],
  });
  // The tab says where to go too: the visitor may have switched to another app or tab.
  usePageTitle(
    call?.desk ? intl.formatMessage({ id: "Confirmation.go_to_desk" }, { desk: call.desk }) : title,
  );
  const ended = booking.status === "completed" || booking.status === "no_show";
  return (
    <section
      className={`${styles.card} ${styles.centred} ${call ? styles.called : ""}`}
      aria-labelledby="status-title"
    >
      {booking.status === "no_show" ? <EndedIcon /> : <CheckIcon />}
      <h1 id="status-title" className={styles.pageTitle} aria-live="polite">
        {title}
      </h1>
      {/* Always there while waiting, so the words of a call are announced when they come. */}
      {booking.status === "waiting" && (
        <div aria-live="polite">{call && <YourTurn call={call} />}</div>
      )}
      {booking.status === "waiting" && !call && (
        <>
          <p className={styles.text}>
            <FormattedMessage
              id={booking.curbside ? "Confirmation.notify_curbside" : "Confirmation.notify"}
            />
          </p>
          {(expectedStart !== null || peopleAhead !== null) && (
            <WaitBlock expectedStart={expectedStart} peopleAhead={peopleAhead} />
          )}
        </>
      )}
      {booking.status === "waiting" && (
        <TurnSoundSwitch enabled={sound.enabled} onToggle={sound.toggle} />
      )}
      {booking.status === "in_progress" && (
        <p className={styles.text}>
          <FormattedMessage id="Confirmation.in_progress_message" />
        </p>
      )}
      {ended && (
        <p className={`${styles.text} ${styles.muted}`}>
          {booking.status === "completed" ? (
            <FormattedMessage
              id="Confirmation.completed_message"
              values={{ location: booking.location?.name ?? "" }}
            />
          ) : (
            <FormattedMessage
              id={
                booking.wasCalled
                  ? "Confirmation.no_show_message"
                  : "Confirmation.no_show_uncalled_message"
              }
            />
          )}
        </p>
      )}
    </section>
  );
}

/**
 * The wait, recomputed from the expected start every 30 s (a vendor text may replace its heading),
 * and under it the people ahead: "You are next" once nobody is, unless the wait already says so.
 * Without an estimate (nobody can serve today) the count stands alone, and "You are next" is not
 * said: nobody may be there to call.
 */
function WaitBlock({
  expectedStart,
  peopleAhead,
}: {
  expectedStart: string | null;
  peopleAhead: number | null;
}) {
  const intl = useIntl();
  const vendor = useCurrentVendor();
  const now = useNow();
  const reading = expectedStart === null ? null : formatWaitTime(expectedStart, now, intl.locale);
  const heading = vendor.attributes?.duration_text?.trim();
  return (
    <div className={styles.wait}>
      {reading && (
        <>
          <h2 className={styles.waitHeading}>
            {heading || <FormattedMessage id="Confirmation.wait_heading" />}
          </h2>
          <p className={styles.waitValue}>
            {reading.kind === "wait" ? (
              <FormattedMessage
                id="WaitTime.approximately"
                values={{ duration: reading.duration }}
              />
            ) : (
              <FormattedMessage id="WaitTime.you_are_next" />
            )}
          </p>
        </>
      )}
      {/* Always there, so each new count is announced when it comes. */}
      <p className={styles.peopleAhead} aria-live="polite">
        {peopleAhead !== null && peopleAhead > 0 ? (
          <FormattedMessage id="Confirmation.people_ahead" values={{ count: peopleAhead }} />
        ) : peopleAhead === 0 && reading?.kind === "wait" ? (
          <FormattedMessage id="WaitTime.you_are_next" />
        ) : null}
      </p>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg
      className={`${styles.statusIcon} ${styles.success}`}
      viewBox="0 0 24 24"
      width="56"
      height="56"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.7 14.6-4.2-4.2 1.4-1.4 2.8 2.8 6-6 1.4 1.4-7.4 7.4Z"
      />
    </svg>
  );
}

function EndedIcon() {
  return (
    <svg
      className={`${styles.statusIcon} ${styles.neutral}`}
      viewBox="0 0 24 24"
      width="56"
      height="56"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm-1-13h2v6h-2V7Zm0 8h2v2h-2v-2Z"
      />
    </svg>
  );
}

// The lobby board as it shows on a TV (mode=tv): readable from across the room on a landscape
// screen — who is called to which desk and who is being served, who is next, the current wait —
// with no controls at all; each call chimes (unless the vendor turned the chime off) and is read out
// ("Ada L., please go to Desk 3").
import { type CSSProperties, useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { withContrastAgainst } from "../../../shared/colour-contrast.ts";
import { formatWaitDuration } from "../../../shared/durations.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { formatWaitTime } from "../wait-time/format-wait-time.ts";
import { useNow } from "../wait-time/use-now.ts";
import type { LocationBoard } from "./location-board.ts";
import styles from "./tv-board.module.css";
import { TvClock } from "./tv-clock.tsx";
import { useCallAnnouncements } from "./use-call-announcements.ts";

/** The board's card colour: the vendor's colour is adjusted to 7:1 (AAA) against it for the desks. */
const CARD_BACKGROUND = "#152033";

type Props = { board: LocationBoard; reconnecting: boolean };

export function TvBoard({ board, reconnecting }: Props) {
  const intl = useIntl();
  const vendor = useCurrentVendor();
  const now = useNow();
  const servingId = useId();
  const nextId = useId();
  const accent = withContrastAgainst(vendor.theme.primary_colour, CARD_BACKGROUND, 7);
  const wait = formatWaitTime(board.expected_start, now, intl.locale);
  const more = board.waiting_count - board.next_up.length;
  const announced = useCallAnnouncements(board.now_serving, board.chime);

  return (
    <div className={styles.board} style={{ "--tv-accent": accent } as CSSProperties}>
      <header className={styles.header}>
        {vendor.theme.logo_url ? (
          <img className={styles.logo} src={vendor.theme.logo_url} alt={vendor.name} />
        ) : (
          <p className={styles.vendor}>{vendor.name}</p>
        )}
        <h1 className={styles.location}>{board.location_name}</h1>
        <TvClock timeZone={board.timezone} />
      </header>
      <main className={styles.columns}>
        <section className={styles.serving} aria-labelledby={servingId}>
          <h2 id={servingId} className={styles.columnTitle}>
            <FormattedMessage id="Tv.now_serving" />
          </h2>
          {board.now_serving.length === 0 ? (
            <p className={styles.quiet}>
              {/* "Called shortly" only while somebody waits to be called. */}
              <FormattedMessage
                id={board.waiting_count > 0 ? "Tv.nobody_serving" : "Tv.nobody_serving_empty"}
              />
            </p>
          ) : (
            <ul className={styles.servingList}>
              {board.now_serving.map((row) => (
                <li
                  key={`${row.ticket ?? row.visitor}|${row.since}`}
                  className={`${styles.servingRow} ${row.state === "called" ? styles.calledRow : ""}`}
                >
                  {row.ticket && <span className={styles.ticket}>{row.ticket}</span>}
                  {row.visitor && <span className={styles.visitor}>{row.visitor}</span>}
                  <span className={styles.desk}>
                    {row.state === "called" && (
                      <span className={styles.calledLabel}>
                        <FormattedMessage id="Tv.called_label" />{" "}
                      </span>
                    )}
                    {row.desk ??
                      (row.staff ? (
                        <FormattedMessage id="Tv.served_by" values={{ staff: row.staff }} />
                      ) : null)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="visually-hidden" aria-live="assertive">
            {announced &&
              intl.formatMessage(
                { id: announced.desk ? "Tv.call_announcement" : "Tv.call_announcement_no_desk" },
                {
                  // "A-042 Ada L.": the ticket is what a room listens for; the board may show
                  // either alone.
                  name: intl.formatList(
                    [announced.ticket, announced.visitor].filter((part) => part !== null),
                    { type: "unit", style: "narrow" },
                  ),
                  desk: announced.desk ?? "",
                },
              )}
          </p>
        </section>
        <section className={styles.next} aria-labelledby={nextId}>
          <h2 id={nextId} className={styles.columnTitle}>
            <FormattedMessage id="Tv.next_up" />
          </h2>
          {board.next_up.length === 0 ? (
            <p className={styles.quiet}>
              <FormattedMessage id="Tv.nobody_waiting" />
            </p>
          ) : (
            <ol className={styles.nextList}>
              {board.next_up.map((row) => (
                <li key={`${row.position}|${row.ticket ?? row.visitor}`} className={styles.nextRow}>
                  <span className={styles.position} aria-hidden="true">
                    {row.position}
                  </span>
                  {row.ticket && <span className={styles.nextTicket}>{row.ticket}</span>}
                  {row.visitor && <span className={styles.nextName}>{row.visitor}</span>}
                </li>
              ))}
            </ol>
          )}
          {more > 0 && (
            <p className={styles.more}>
              <FormattedMessage id="Tv.more_waiting" values={{ count: more }} />
            </p>
          )}
        </section>
      </main>
      <footer className={styles.footer}>
        <p className={styles.wait}>
          <FormattedMessage id="Tv.current_wait" />{" "}
          <strong>
            {wait.kind === "none" ? (
              <FormattedMessage id="Tv.wait_none" />
            ) : wait.kind === "next" ? (
              formatWaitDuration(0, intl.locale)
            ) : (
              wait.duration
            )}
          </strong>
        </p>
        <p className={styles.count}>
          <FormattedMessage id="Tv.waiting_count" values={{ count: board.waiting_count }} />
        </p>
        <p className={styles.connection} role="status">
          {reconnecting && <FormattedMessage id="Tv.reconnecting" />}
        </p>
      </footer>
    </div>
  );
}

// The board's clock: hours and minutes at the location, in the page language, refreshed each second
// so the minute turns on time.
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import styles from "./tv-board.module.css";

export function TvClock({ timeZone }: { timeZone: string }) {
  const intl = useIntl();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1_000);
    return () => clearInterval(timer);
  }, []);
  let text: string;
  try {
    text = intl.formatTime(now, { hour: "numeric", minute: "2-digit", timeZone });
  } catch {
    // An unknown zone name must not blank the board: the TV's own clock will do.
    text = intl.formatTime(now, { hour: "numeric", minute: "2-digit" });
  }
  return (
    <p className={styles.clock}>
      <span className="visually-hidden">{intl.formatMessage({ id: "Tv.local_time" })} </span>
      <time dateTime={now.toISOString()}>{text}</time>
    </p>
  );
}

// When a message was written: how long ago, with the exact date and time on hover and for screen
// readers (the title and the machine-readable dateTime).
import { useIntl } from "react-intl";
import { relativeTime } from "./relative-time.ts";

type Props = { at: string; now: Date; timeZone?: string | undefined; className?: string };

export function MessageTime({ at, now, timeZone, className }: Props) {
  const intl = useIntl();
  const exact = intl.formatDate(at, {
    dateStyle: "medium",
    timeStyle: "medium",
    ...(timeZone ? { timeZone } : {}),
  });
  const { value, unit } = relativeTime(new Date(at), now);
  return (
    <time dateTime={at} title={exact} className={className}>
      {intl.formatRelativeTime(value, unit, { numeric: "auto" })}
      <span className="visually-hidden"> ({exact})</span>
    </time>
  );
}

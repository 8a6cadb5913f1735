// The current wait of a location in the finder's list, in the wait-time line's words (spec §4), as
// phrasing content: the line itself is a paragraph, which a list entry's button cannot hold.
import { FormattedMessage, useIntl } from "react-intl";
import { formatWaitDuration } from "../../../shared/durations.ts";
import { formatWaitTime } from "../wait-time/format-wait-time.ts";

type Props = { expectedStart: string | null; now: number; className?: string | undefined };

export function ListWait({ expectedStart, now, className }: Props) {
  const intl = useIntl();
  const reading = formatWaitTime(expectedStart, now, intl.locale);
  return (
    <span className={className}>
      {reading.kind === "none" ? (
        <FormattedMessage id="WaitTime.none" />
      ) : (
        <FormattedMessage
          id="WaitTime.current"
          values={{
            duration: (
              <strong>
                {reading.kind === "wait" ? reading.duration : formatWaitDuration(0, intl.locale)}
              </strong>
            ),
          }}
        />
      )}
    </span>
  );
}

// A time that ticks: how long since `since`, on the server's clock, as "12 min". Only this text
// re-renders each second, not the row around it.
import { useIntl } from "react-intl";
import { formatWait, secondsSince } from "./format-wait.ts";
import { useNow } from "./use-now.ts";

export function ElapsedTime({ since, offsetMs }: { since: string; offsetMs: number }) {
  const intl = useIntl();
  const now = useNow();
  return <>{formatWait(intl, secondsSince(since, now, offsetMs))}</>;
}

/** Seconds waited so far, for comparing with the quote; ticks like ElapsedTime. */
export function useSecondsSince(since: string, offsetMs: number): number {
  return secondsSince(since, useNow(), offsetMs);
}

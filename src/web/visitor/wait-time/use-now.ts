// The current time, refreshed every 30 s (spec §4: the wait shown is recomputed from expected_start
// as time passes, not only when the server sends a new estimate).
import { useEffect, useState } from "react";

export const WAIT_REFRESH_MS = 30_000;

export function useNow(intervalMs: number = WAIT_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

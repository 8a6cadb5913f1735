// The kiosk's two clocks as hooks: starting over after 30 s without input (any input restarts it),
// asking "Are you still there?" for its last 10 s, and the countdown after a confirmation (8.5 s),
// whose seconds the page shows.
import { useEffect, useRef, useState } from "react";
import {
  ACTIVITY_EVENTS,
  createInactivityTimer,
  createResetTimer,
  secondsLeft,
} from "./kiosk-timers.ts";

function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * Calls `onIdle` once `ms` pass without input while `active`; true for the last `warnBeforeMs` of
 * them, while the kiosk asks whether the visitor is still there.
 */
export function useInactivityReset(
  active: boolean,
  ms: number,
  warnBeforeMs: number,
  onIdle: () => void,
): boolean {
  const callback = useLatest(onIdle);
  const [warning, setWarning] = useState(false);
  useEffect(() => {
    if (!active) {
      setWarning(false);
      return;
    }
    const timer = createInactivityTimer({
      ms,
      warnBeforeMs,
      onWarn: () => setWarning(true),
      onIdle: () => {
        setWarning(false);
        callback.current();
      },
    });
    const restart = () => {
      setWarning(false);
      timer.restart();
    };
    // Capture phase: scroll does not bubble, and a page handler that stops propagation still counts.
    const options = { capture: true, passive: true } as const;
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, restart, options);
    timer.restart();
    return () => {
      timer.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart, options);
    };
  }, [active, ms, warnBeforeMs, callback]);
  return warning;
}

/** Seconds left of a countdown of `ms` that runs while `active`, calling `onDone` at zero; null when off. */
export function useCountdown(active: boolean, ms: number, onDone: () => void): number | null {
  const callback = useLatest(onDone);
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!active) {
      setLeft(null);
      return;
    }
    const deadline = Date.now() + ms;
    setLeft(secondsLeft(deadline, Date.now()));
    const tick = setInterval(() => setLeft(secondsLeft(deadline, Date.now())), 250);
    const timer = createResetTimer(ms, () => callback.current());
    timer.restart();
    return () => {
      clearInterval(tick);
      timer.stop();
    };
  }, [active, ms, callback]);
  return left;
}

// The kiosk's clocks (spec §4 Kiosk, §9): start over after 30 s without input, asking "Are you
// still there?" for the last 10 s, or 8.5 s after a confirmation. Pure and clock-injected, so the
// rules are tested without a browser.

export const KIOSK_INACTIVITY_MS = 30_000;
/** how long before the inactivity reset the kiosk asks whether the visitor is still there */
export const KIOSK_STILL_THERE_MS = 10_000;
export const KIOSK_CONFIRMATION_RESET_MS = 8_500;

/** Pages a kiosk waits on for the next visitor: starting over from them would change nothing. */
const EXEMPT_PATHS = ["/how", "/where"];

/** Every kind of input that counts as someone using the kiosk (spec §4: click, move, key, touch, scroll, change). */
export const ACTIVITY_EVENTS = [
  "click",
  "pointerdown",
  "pointermove",
  "mousemove",
  "keydown",
  "touchstart",
  "touchmove",
  "wheel",
  "scroll",
  "input",
  "change",
] as const;

export function isExemptFromReset(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return EXEMPT_PATHS.includes(path);
}

/** The kiosk's confirmation pages (a place in line, a booked appointment), after which it starts over by itself. */
export function isConfirmationPath(pathname: string): boolean {
  return /^\/(callback-service|appointments)\/(confirmation|manage)\/?$/.test(pathname);
}

export type Clock = {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const realClock: Clock = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type ResetTimer = {
  /** (re)starts the countdown from its full length */
  restart: () => void;
  stop: () => void;
};

/** A one-shot timer that calls `onElapsed` once `ms` pass without a restart. */
export function createResetTimer(ms: number, onElapsed: () => void, clock = realClock): ResetTimer {
  let handle: unknown = null;
  const stop = () => {
    if (handle !== null) clock.clearTimeout(handle);
    handle = null;
  };
  return {
    restart() {
      stop();
      handle = clock.setTimeout(() => {
        handle = null;
        onElapsed();
      }, ms);
    },
    stop,
  };
}

export type InactivityTimer = ResetTimer;

/**
 * The inactivity clock: `onWarn` once `ms - warnBeforeMs` pass without a restart, `onIdle` once
 * `ms` pass; a restart (any input) starts both again from the full length.
 */
export function createInactivityTimer(
  options: { ms: number; warnBeforeMs: number; onWarn: () => void; onIdle: () => void },
  clock = realClock,
): InactivityTimer {
  const warning = createResetTimer(options.ms - options.warnBeforeMs, options.onWarn, clock);
  const idle = createResetTimer(options.ms, options.onIdle, clock);
  return {
    restart() {
      warning.restart();
      idle.restart();
    },
    stop() {
      warning.stop();
      idle.stop();
    },
  };
}

/** Whole seconds left before `deadline`, rounded up so the display never shows 0 early. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

// What tells a visitor their turn has come besides the page itself: the tab's title, a vibration
// where the browser allows it, and a chime when the visitor turned the sound on (remembered on
// this device). Each new call (or recall) signals once.
import { useCallback, useEffect, useRef, useState } from "react";
import { CALL_TONES, playChime, unlockChime } from "../../ui/chime.ts";

export const TURN_SOUND_KEY = "nextline.visitor.turn-sound";

function storedSound(): boolean {
  try {
    return localStorage.getItem(TURN_SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

export function useTurnSound() {
  const [enabled, setEnabled] = useState(storedSound);
  const toggle = useCallback(() => {
    setEnabled((was) => {
      const next = !was;
      try {
        localStorage.setItem(TURN_SOUND_KEY, next ? "on" : "off");
      } catch {
        // storage disabled: the choice lasts until the page closes
      }
      return next;
    });
    unlockChime();
  }, []);
  return { enabled, toggle };
}

/** Vibrates and chimes once per call, keyed by the time of the latest call; nothing on first load. */
export function useTurnSignal(lastCallAt: string | null, soundOn: boolean) {
  const signalled = useRef<string | null>(lastCallAt);
  useEffect(() => {
    if (lastCallAt === null || signalled.current === lastCallAt) return;
    signalled.current = lastCallAt;
    try {
      // Allowed only after the visitor touched the page, and not at all in some browsers.
      navigator.vibrate?.([300, 150, 300, 150, 300]);
    } catch {
      // vibration refused: the page and the title say it
    }
    if (soundOn) playChime(CALL_TONES);
  }, [lastCallAt, soundOn]);
}

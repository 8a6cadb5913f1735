// Whether new arrivals chime: off by default (a lobby may be quiet), remembered on this device.
import { useCallback, useState } from "react";
import { unlockArrivalChime } from "./arrival-chime.ts";

export const ARRIVAL_SOUND_KEY = "nextline.office.arrival-sound";

function stored(): boolean {
  try {
    return localStorage.getItem(ARRIVAL_SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

export function useArrivalSound() {
  const [enabled, setEnabled] = useState(stored);
  const toggle = useCallback(() => {
    setEnabled((was) => {
      const next = !was;
      try {
        localStorage.setItem(ARRIVAL_SOUND_KEY, next ? "on" : "off");
      } catch {
        // storage disabled: the choice lasts until the page closes
      }
      return next;
    });
    unlockArrivalChime();
  }, []);
  return { enabled, toggle };
}

// The optional sound for a new arrival: two short soft tones (src/web/ui/chime.ts).
import { playChime, unlockChime } from "../../ui/chime.ts";

/** Call from the gesture that turns the sound on, so later chimes are allowed to play. */
export const unlockArrivalChime = unlockChime;

export function playArrivalChime() {
  playChime([
    [0, 880],
    [0.18, 1175],
  ]);
}

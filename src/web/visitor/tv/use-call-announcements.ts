// Each call on the lobby board is heard and read out once: a chime (where the screen's browser lets
// a page play sound: after the first touch or key press, or a kiosk browser allowing autoplay) and
// the words "Ada L., please go to Desk 3" in a live region. A call is known by the visitor and the
// time of their latest call, so a recall is announced again; the calls on the board when the page
// opens are not, nor the board's other changes. The chime only where the vendor's board setting
// (`chime`, in the board document) wants it; the words are read out either way.
import { useEffect, useRef, useState } from "react";
import { CALL_TONES, playChime, unlockChime } from "../../ui/chime.ts";
import type { LocationBoard } from "./location-board.ts";

type Serving = LocationBoard["now_serving"][number];

const callKey = (row: Serving) =>
  row.state === "called" && row.last_called_at
    ? `${row.ticket ?? row.visitor}|${row.last_called_at}`
    : null;

/** The newest call not announced yet, or null; the words are the caller's to write. */
export function useCallAnnouncements(
  nowServing: readonly Serving[],
  chime: boolean,
): Serving | null {
  const seen = useRef<Set<string> | null>(null);
  const [latest, setLatest] = useState<Serving | null>(null);

  useEffect(() => {
    const unlock = () => unlockChime();
    window.addEventListener("pointerdown", unlock, { once: true });
    window.addEventListener("keydown", unlock, { once: true });
    return () => {
      window.removeEventListener("pointerdown", unlock);
      window.removeEventListener("keydown", unlock);
    };
  }, []);

  useEffect(() => {
    const keys = nowServing.map(callKey);
    if (seen.current === null) {
      seen.current = new Set(keys.filter((key) => key !== null));
      return;
    }
    const fresh = nowServing.filter((_row, index) => {
      const key = keys[index];
      return key != null && !seen.current!.has(key);
    });
    for (const row of fresh) seen.current.add(callKey(row)!);
    // The board lists the latest call first.
    const newest = fresh[0];
    if (!newest) return;
    if (chime) playChime(CALL_TONES);
    setLatest(newest);
  }, [nowServing, chime]);

  return latest;
}

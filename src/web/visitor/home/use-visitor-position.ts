// Where the visitor is, asked only when they press the button that offers "nearest first": never on
// load, so a visitor who has not asked is never met with the browser's permission prompt.
import { useCallback, useState } from "react";

export type VisitorPosition =
  | { kind: "unknown" }
  | { kind: "locating" }
  | { kind: "located"; lat: number; lng: number }
  /** refused, unavailable or too slow: the page says so and keeps its open-first order */
  | { kind: "failed" };

const POSITION_OPTIONS: PositionOptions = {
  // A branch a few hundred metres off makes no difference to the order: the quick fix is enough.
  enableHighAccuracy: false,
  timeout: 15_000,
  maximumAge: 5 * 60_000,
};

export function useVisitorPosition() {
  const [position, setPosition] = useState<VisitorPosition>({ kind: "unknown" });
  const locate = useCallback(() => {
    if (!("geolocation" in navigator)) {
      setPosition({ kind: "failed" });
      return;
    }
    setPosition({ kind: "locating" });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => setPosition({ kind: "located", lat: coords.latitude, lng: coords.longitude }),
      () => setPosition({ kind: "failed" }),
      POSITION_OPTIONS,
    );
  }, []);
  const forget = useCallback(() => setPosition({ kind: "unknown" }), []);
  return { position, locate, forget };
}

// Whether a media query matches now, kept up to date as the window resizes (the finder shows its
// map only from the desktop breakpoint on, spec §9).
import { useCallback, useSyncExternalStore } from "react";

/** Spec §9 breakpoints: 768 px (tablet) and 1025 px (desktop). */
export const DESKTOP_QUERY = "(min-width: 1025px)";

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

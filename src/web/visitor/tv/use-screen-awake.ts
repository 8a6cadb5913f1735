// Asks the browser to keep the screen on while the board shows (Screen Wake Lock), and again when
// the page becomes visible, since the lock ends whenever the page is hidden. Where the API is
// missing or refused, the TV's own settings decide.
import { useEffect } from "react";

export function useScreenAwake() {
  useEffect(() => {
    if (!("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let stopped = false;
    const request = () => {
      if (document.visibilityState !== "visible") return;
      navigator.wakeLock.request("screen").then(
        (granted) => {
          if (stopped) void granted.release();
          else lock = granted;
        },
        (error: unknown) => console.info("lobby board: the screen may sleep", error),
      );
    };
    request();
    document.addEventListener("visibilitychange", request);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", request);
      void lock?.release();
    };
  }, []);
}

// Runs work that a page can do without: once the document has loaded and the main thread is idle
// (or after a short delay where requestIdleCallback is missing). Prefetching code this way keeps it
// out of what a page loads before it is interactive; a page that needs it sooner loads it itself.
import { useEffect, useState } from "react";

/** Schedules `task`; the returned function cancels it (for an effect's clean-up). */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  let cancelScheduled = () => {};
  const schedule = () => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
      cancelScheduled = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, 200);
      cancelScheduled = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === "complete") {
    schedule();
    return () => cancelScheduled();
  }
  window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    cancelScheduled();
  };
}

/** False until the page has loaded and gone idle after this component mounted, then true. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}

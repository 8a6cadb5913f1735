// Loads the engine's locale data on a worker thread (intl-warmup.worker.ts) for the page's likely
// language, so that the first render, which formats the page's messages, finds it loaded instead
// of loading it on the main thread. Best effort: without workers, or if the worker fails or is
// slow, the first formatter loads the data itself, as it would anyway.

/** The longest a page waits for the warm-up before rendering without it. */
export const INTL_WARM_UP_WAIT_MS = 400;

let warm: Promise<void> = Promise.resolve();

export function warmUpIntl(locale: string): void {
  if (typeof Worker === "undefined") return;
  try {
    const worker = new Worker(new URL("./intl-warmup.worker.ts", import.meta.url), {
      type: "module",
      name: "intl-warmup",
    });
    warm = new Promise((resolve) => {
      const done = () => resolve();
      worker.addEventListener("message", done, { once: true });
      worker.addEventListener("error", done, { once: true });
      setTimeout(done, INTL_WARM_UP_WAIT_MS);
    });
    worker.postMessage(locale);
  } catch {
    // a browser policy that refuses the worker costs only the warm-up
  }
}

/** Settles once the warm-up is done, has failed or has taken its time (never rejects). */
export function intlWarmedUp(): Promise<void> {
  return warm;
}

// jsdom lacks CSS.escape, which React Aria calls (overlays look for a CSP nonce, collections
// for an item by its key): a page test imports this once, before rendering.
if (typeof window !== "undefined" && typeof globalThis.CSS?.escape !== "function") {
  Object.assign(globalThis, {
    CSS: { ...globalThis.CSS, escape: (value: string) => value.replace(/["\\\]]/g, "\\$&") },
  });
}

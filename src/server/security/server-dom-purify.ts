// DOMPurify on the server, over a jsdom window: the saves that store HTML a vendor wrote for
// visitors (the pre-booking statement, the visitor-page snippets) sanitise it with the allow-list
// the visitor page applies again on render. jsdom is heavy and only those saves need it, so it is
// loaded at the first one, once. Each caller gets a DOMPurify instance of its own, so one use's
// hooks (the statement's decorative images) never apply to another's.
import type { DOMPurify } from "dompurify";

let window:
  | Promise<{ window: Window & typeof globalThis; create: typeof import("dompurify").default }>
  | undefined;

function loadWindow() {
  window ??= (async () => {
    const [{ JSDOM }, { default: create }] = await Promise.all([
      import("jsdom"),
      import("dompurify"),
    ]);
    return { window: new JSDOM("").window, create };
  })().catch((error: unknown) => {
    window = undefined;
    throw error;
  });
  return window;
}

/** A new DOMPurify instance over the server's one jsdom window. */
export async function newServerPurifier(): Promise<DOMPurify> {
  const { window: dom, create } = await loadWindow();
  return create(dom);
}

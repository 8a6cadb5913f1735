// Sanitises the HTML vendors write for visitors before it is stored, with DOMPurify over a jsdom
// window and the allow-list the visitor's page uses (src/shared/rich-text/statement-html.ts). jsdom
// is loaded on the first statement saved, not when the server starts.
import { statementSanitiser } from "../../shared/rich-text/statement-html.ts";

let sanitiser: Promise<(html: string) => string> | undefined;

export function sanitiseStatementHtml(html: string): Promise<string> {
  sanitiser ??= (async () => {
    // jsdom ships no types; only its constructor and window are used.
    const jsdom: string = "jsdom";
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import(jsdom) as Promise<{ JSDOM: new (html: string) => { window: unknown } }>,
      import("dompurify"),
    ]);
    const { window } = new JSDOM("");
    return statementSanitiser(createDOMPurify(window as Window & typeof globalThis));
  })();
  return sanitiser.then((sanitise) => sanitise(html));
}

// The one allow-list for the HTML a vendor writes for visitors (the client view's pre-booking
// statement): DOMPurify's HTML profile without forms or styles, images without text taken as
// decoration. The visitor's page sanitises with it before showing the statement, and the settings
// save sanitises with it before storing, each with its own DOMPurify (the browser's window, or a
// jsdom window on the server), so what is stored is already what visitors are shown.
import type { Config, DOMPurify } from "dompurify";

export const STATEMENT_HTML_CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"],
} satisfies Config;

const prepared = new WeakSet<DOMPurify>();

/** A sanitiser of statement HTML over the given DOMPurify instance. */
export function statementSanitiser(purify: DOMPurify): (html: string) => string {
  if (!prepared.has(purify)) {
    prepared.add(purify);
    // An image the vendor gave no text for is taken as decoration, not read out as its file name.
    purify.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "IMG" && !node.hasAttribute("alt")) node.setAttribute("alt", "");
    });
  }
  return (html) => purify.sanitize(html, STATEMENT_HTML_CONFIG);
}

// The vendor's pre-booking statement (spec §3 page settings): HTML the vendor wrote, sanitised with
// DOMPurify before it reaches the page. The form loads this module, and DOMPurify with it, only for
// vendors that have a statement.
import DOMPurify from "dompurify";
import { useMemo } from "react";
import styles from "./callback-form.module.css";

// An image the vendor gave no text for is taken as decoration, not read out as its file name.
DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "IMG" && !node.hasAttribute("alt")) node.setAttribute("alt", "");
});

function sanitise(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"],
  });
}

export function PreBookingStatement({ id, html }: { id: string; html: string }) {
  const clean = useMemo(() => sanitise(html), [html]);
  return (
    // Sanitised just above: scripts, event handlers and javascript: links are gone.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is DOMPurify's output
    <div id={id} className={styles.statement} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}

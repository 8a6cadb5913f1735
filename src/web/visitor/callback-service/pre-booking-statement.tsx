// The vendor's pre-booking statement (spec §3 page settings): HTML the vendor wrote, sanitised with
// DOMPurify before it reaches the page (the save sanitised it too, with the same allow-list,
// src/shared/rich-text/statement-html.ts). The form loads this module, and DOMPurify with it, only
// for vendors that have a statement.
import DOMPurify from "dompurify";
import { useMemo } from "react";
import { statementSanitiser } from "../../../shared/rich-text/statement-html.ts";
import styles from "./callback-form.module.css";

const sanitise = statementSanitiser(DOMPurify);

export function PreBookingStatement({ id, html }: { id: string; html: string }) {
  const clean = useMemo(() => sanitise(html), [html]);
  return (
    // Sanitised just above: scripts, event handlers and javascript: links are gone.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is DOMPurify's output
    <div id={id} className={styles.statement} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}

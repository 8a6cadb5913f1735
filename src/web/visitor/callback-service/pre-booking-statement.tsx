// The vendor's pre-booking statement (spec §3 page settings): HTML the vendor wrote, sanitised with
// DOMPurify before it reaches the page. DOMPurify loads only for vendors that have a statement.
import { useQuery } from "@tanstack/react-query";
import styles from "./callback-form.module.css";

let purifier: Promise<typeof import("dompurify").default> | null = null;

function loadPurifier() {
  purifier ??= import("dompurify").then(({ default: DOMPurify }) => {
    // An image the vendor gave no text for is taken as decoration, not read out as its file name.
    DOMPurify.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "IMG" && !node.hasAttribute("alt")) node.setAttribute("alt", "");
    });
    return DOMPurify;
  });
  return purifier;
}

async function sanitise(html: string): Promise<string> {
  const DOMPurify = await loadPurifier();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"],
  });
}

export function PreBookingStatement({ id, html }: { id: string; html: string }) {
  const clean = useQuery({
    queryKey: ["pre-booking-statement", html],
    queryFn: () => sanitise(html),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!clean.data) return null;
  return (
    // Sanitised just above: scripts, event handlers and javascript: links are gone.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is DOMPurify's output
    <div id={id} className={styles.statement} dangerouslySetInnerHTML={{ __html: clean.data }} />
  );
}

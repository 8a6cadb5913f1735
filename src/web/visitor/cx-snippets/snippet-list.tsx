// Shows the vendor's snippets on a visitor page: a region named for what it holds, whose content is
// a polite live status, so a screen reader reads an announcement when it appears without
// interrupting (never an alert). The HTML is sanitised again here with the snippet allow-list
// (src/shared/cx-snippet-html.ts), so the page never trusts what the server holds; it carries no
// script or style and stays within the Content Security Policy. An announcement can be dismissed,
// and stays dismissed for the browser session unless its text changes.
import DOMPurify from "dompurify";
import { useMemo, useState } from "react";
import { useIntl } from "react-intl";
import type { CxSnippetKind } from "../../../shared/contracts/cx-snippet.ts";
import { sanitiseSnippetHtml } from "../../../shared/cx-snippet-html.ts";
import type { PublicCxSnippet } from "../../api/cx-snippets.ts";
import styles from "./snippet-list.module.css";

// An instance of its own: the pre-booking statement's hooks on the shared DOMPurify never apply.
const purify = DOMPurify(window);

/** The session's key for a dismissed announcement: its id and a digest of its text. */
export function dismissalKey(snippet: PublicCxSnippet): string {
  let hash = 0;
  for (const char of snippet.attributes.html) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return `nextline.cx-snippet-dismissed.${snippet.id}.${(hash >>> 0).toString(36)}`;
}

function readDismissed(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

function rememberDismissed(key: string): void {
  try {
    sessionStorage.setItem(key, "1");
  } catch {
    // Storage refused (private mode): dismissed for this page only.
  }
}

export function SnippetList({
  kind,
  snippets,
}: {
  kind: CxSnippetKind;
  snippets: readonly PublicCxSnippet[];
}) {
  const intl = useIntl();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const shown = snippets.filter((snippet) => {
    const key = dismissalKey(snippet);
    return kind !== "announcement" || (!dismissed.has(key) && !readDismissed(key));
  });
  if (shown.length === 0) return null;
  const label = intl.formatMessage({
    id: kind === "announcement" ? "CxSnippets.announcements" : "CxSnippets.notices",
  });
  return (
    <section
      aria-label={label}
      className={kind === "announcement" ? styles.banner : styles.notices}
    >
      <div role="status">
        {shown.map((snippet) => (
          <Snippet
            key={snippet.id}
            snippet={snippet}
            onDismiss={
              kind === "announcement"
                ? () => {
                    const key = dismissalKey(snippet);
                    rememberDismissed(key);
                    setDismissed((before) => new Set(before).add(key));
                  }
                : null
            }
          />
        ))}
      </div>
    </section>
  );
}

function Snippet({
  snippet,
  onDismiss,
}: {
  snippet: PublicCxSnippet;
  onDismiss: (() => void) | null;
}) {
  const intl = useIntl();
  const { html, lang, tone } = snippet.attributes;
  const clean = useMemo(() => sanitiseSnippetHtml(purify, html), [html]);
  return (
    <div className={`${styles.snippet} ${styles[tone] ?? ""}`} data-tone={tone}>
      <div
        className={styles.content}
        lang={lang}
        // Sanitised just above to the snippet allow-list: no script, handler, style or bad link.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is DOMPurify's output
        dangerouslySetInnerHTML={{ __html: clean }}
      />
      {onDismiss && (
        <button
          type="button"
          className={styles.dismiss}
          onClick={onDismiss}
          aria-label={intl.formatMessage({ id: "CxSnippets.dismiss" })}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z"
            />
          </svg>
        </button>
      )}
    </div>
  );
}

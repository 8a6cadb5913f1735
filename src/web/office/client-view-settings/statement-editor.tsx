// The pre-booking statement's editor: a plain text area of limited HTML with a toolbar that wraps
// the selection in the few tags the statement is meant to use (bold, italic, link, bulleted list,
// paragraph; also Ctrl/⌘+B, I and K), and a live preview sanitised with the allow-list the visitor's
// page and the save use (src/shared/rich-text/statement-html.ts). A text area is what every screen
// reader and keyboard already handles; the preview shows what visitors will see.
import DOMPurify from "dompurify";
import { type KeyboardEvent, useMemo, useRef } from "react";
import { useIntl } from "react-intl";
import { statementSanitiser } from "../../../shared/rich-text/statement-html.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import styles from "./client-view-settings-page.module.css";

const sanitise = statementSanitiser(DOMPurify);

type Format = "bold" | "italic" | "link" | "list" | "paragraph";
const SHORTCUTS: Record<string, Format> = { b: "bold", i: "italic", k: "link" };

/** The selection wrapped in the format's tags. */
export function wrapSelection(
  text: string,
  start: number,
  end: number,
  format: Format,
  href = "https://",
): { text: string; start: number; end: number } {
  const selected = text.slice(start, end);
  const [open, close] =
    format === "bold"
      ? ["<strong>", "</strong>"]
      : format === "italic"
        ? ["<em>", "</em>"]
        : format === "link"
          ? [`<a href="${href.replaceAll('"', "&quot;")}">`, "</a>"]
          : format === "paragraph"
            ? ["<p>", "</p>"]
            : ["<ul>\n", "\n</ul>"];
  const inner =
    format === "list"
      ? (selected.trim() === "" ? [""] : selected.split("\n"))
          .map((line) => `  <li>${line.trim()}</li>`)
          .join("\n")
      : selected;
  const next = text.slice(0, start) + open + inner + close + text.slice(end);
  return { text: next, start: start + open.length, end: start + open.length + inner.length };
}

type Props = {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  register: (element: HTMLTextAreaElement | null) => void;
};

export function StatementEditor({ value, error, onChange, register }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `Office.client_view.${id}` });
  const area = useRef<HTMLTextAreaElement | null>(null);
  const preview = useMemo(() => sanitise(value), [value]);

  const apply = (format: Format) => {
    const element = area.current;
    if (!element) return;
    let href: string | undefined;
    if (format === "link") {
      const answer = window.prompt(t("statement_link_prompt"), "https://");
      if (answer === null || answer.trim() === "") return;
      href = answer.trim();
    }
    const next = wrapSelection(
      element.value,
      element.selectionStart,
      element.selectionEnd,
      format,
      href,
    );
    onChange(next.text);
    // The text area gets its new value on the next render; the selection follows it there.
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(next.start, next.end);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const format = SHORTCUTS[event.key.toLowerCase()];
    if (!format) return;
    event.preventDefault();
    apply(format);
  };

  const buttons: { format: Format; label: string; keys?: string }[] = [
    { format: "bold", label: t("statement_bold"), keys: "Control+B" },
    { format: "italic", label: t("statement_italic"), keys: "Control+I" },
    { format: "link", label: t("statement_link"), keys: "Control+K" },
    { format: "list", label: t("statement_list") },
    { format: "paragraph", label: t("statement_paragraph") },
  ];

  return (
    <div className={styles.statement}>
      <Field
        label={t("pre_booking_statement")}
        hint={t("pre_booking_statement_hint")}
        error={error}
      >
        {(control) => (
          <>
            <div role="toolbar" aria-label={t("statement_toolbar")} className={styles.toolbar}>
              {buttons.map((button) => (
                <button
                  key={button.format}
                  type="button"
                  className={`${controls.button} ${controls.secondary} ${styles.toolButton}`}
                  aria-controls={control.id}
                  aria-keyshortcuts={button.keys}
                  onClick={() => apply(button.format)}
                >
                  {button.label}
                </button>
              ))}
            </div>
            <textarea
              {...control}
              ref={(element) => {
                area.current = element;
                register(element);
              }}
              className={`${controls.input} ${styles.code}`}
              rows={8}
              spellCheck
              value={value}
              onKeyDown={onKeyDown}
              onChange={(event) => onChange(event.target.value)}
            />
          </>
        )}
      </Field>
      <section aria-label={t("statement_preview")} className={styles.preview}>
        <h2 className={styles.previewTitle}>{t("statement_preview")}</h2>
        {preview.trim() === "" ? (
          <p className={styles.hint}>{t("statement_empty")}</p>
        ) : (
          // Sanitised just above with the visitor page's allow-list.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is DOMPurify's output
          <div className={styles.previewBody} dangerouslySetInnerHTML={{ __html: preview }} />
        )}
      </section>
    </div>
  );
}

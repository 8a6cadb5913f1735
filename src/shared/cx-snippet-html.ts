// The HTML a visitor-page snippet may hold (docs/cx-snippets.md): paragraphs, line breaks, strong
// and emphasised text, lists, and links to https, mailto and tel addresses; nothing else, no
// attribute but a link's href. The server sanitises with it on save (DOMPurify over jsdom) and the
// visitor page again on render (DOMPurify over the browser's DOM), so the page never trusts what
// the database holds. Each side passes its own DOMPurify instance: hooks and settings of another
// use of DOMPurify (the pre-booking statement's) never apply here.
import type { Config, DOMPurify } from "dompurify";

export const CX_SNIPPET_TAGS = ["p", "br", "strong", "em", "a", "ul", "ol", "li"] as const;

/** https:, mailto: and tel: links only: no javascript:, data:, http: or relative addresses. */
export const CX_SNIPPET_LINK = /^(?:https:|mailto:|tel:)/i;

const CONFIG: Config = {
  ALLOWED_TAGS: [...CX_SNIPPET_TAGS],
  ALLOWED_ATTR: ["href"],
  ALLOWED_URI_REGEXP: CX_SNIPPET_LINK,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // The text of a removed element (a <span>, a <div>) stays; a <script>'s or <style>'s does not.
  KEEP_CONTENT: true,
};

/** The snippet's HTML with everything outside the allow-list removed, trimmed. */
export function sanitiseSnippetHtml(purify: DOMPurify, html: string): string {
  return String(purify.sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false })).trim();
}

/** Whether the sanitised HTML shows anything: "<p><br></p>" is as good as empty. */
export function snippetHasText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .trim() !== ""
  );
}

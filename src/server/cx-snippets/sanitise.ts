// The server's sanitiser of snippet HTML: DOMPurify over a jsdom window, made at the first save
// (jsdom is heavy, and only a snippet's save needs it), with the allow-list the visitor page
// applies again on render (src/shared/cx-snippet-html.ts).
import type { DOMPurify } from "dompurify";
import { sanitiseSnippetHtml } from "../../shared/cx-snippet-html.ts";
import { newServerPurifier } from "../security/server-dom-purify.ts";

let purifier: Promise<DOMPurify> | undefined;

/** Each language's HTML sanitised; a language left with no text is dropped. */
export async function sanitiseSnippetContent(
  content: Partial<Record<string, string>>,
): Promise<Record<string, string>> {
  purifier ??= newServerPurifier().catch((error: unknown) => {
    purifier = undefined;
    throw error;
  });
  const purify = await purifier;
  const clean: Record<string, string> = {};
  for (const [locale, html] of Object.entries(content)) {
    if (html === undefined) continue;
    clean[locale] = sanitiseSnippetHtml(purify, html);
  }
  return clean;
}

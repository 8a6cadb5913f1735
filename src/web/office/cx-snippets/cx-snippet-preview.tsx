// The live preview of a snippet's HTML as visitors will see it: sanitised in the browser with the
// same allow-list the server applies on save and the visitor page on render.
import DOMPurify from "dompurify";
import { useMemo } from "react";
import { sanitiseSnippetHtml, snippetHasText } from "../../../shared/cx-snippet-html.ts";

// An instance of its own: the hooks another page adds to the shared DOMPurify never apply here.
const purify = DOMPurify(window);

export function CxSnippetPreview({ html, empty }: { html: string; empty: string }) {
  const clean = useMemo(() => sanitiseSnippetHtml(purify, html), [html]);
  if (!snippetHasText(clean)) return <p>{empty}</p>;
  // Sanitised just above to the snippet allow-list: no script, handler, style or javascript: link.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is DOMPurify's output
  return <div dangerouslySetInnerHTML={{ __html: clean }} />;
}

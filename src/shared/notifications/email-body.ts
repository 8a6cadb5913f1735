// The body of an email as templates write it: paragraphs separated by a blank line, each of text and
// `[label](url)` links. Parsed once here for the HTML part (links as buttons) and the plain-text
// part ("label: url"); only http and https links become links, anything else stays text.

export type Inline = { kind: "text"; text: string } | { kind: "link"; label: string; url: string };
export type Paragraph = Inline[];

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** An http or https URL, normalised; null for any other scheme or a malformed one. */
export function safeLinkUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

function parseParagraph(text: string): Paragraph {
  const parts: Paragraph = [];
  let at = 0;
  const pushText = (value: string) => {
    if (value === "") return;
    const last = parts.at(-1);
    if (last?.kind === "text") last.text += value;
    else parts.push({ kind: "text", text: value });
  };
  for (const match of text.matchAll(LINK)) {
    pushText(text.slice(at, match.index));
    const [, label = "", url = ""] = match;
    const safe = safeLinkUrl(url);
    // A link to another scheme (javascript:, data:, a mark such as [link]) is shown, not followed.
    if (safe) parts.push({ kind: "link", label, url: safe });
    else pushText(`${label}: ${url}`);
    at = match.index + match[0].length;
  }
  pushText(text.slice(at));
  return parts;
}

export function parseEmailBody(body: string): Paragraph[] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map(parseParagraph);
}

/** A paragraph as plain text: links as "label: url". */
export function paragraphText(paragraph: Paragraph): string {
  return paragraph
    .map((part) => (part.kind === "text" ? part.text : `${part.label}: ${part.url}`))
    .join("");
}

// The two parts of every email the product sends, from a template's rendered body: HTML in the
// vendor's colours and logo (a table layout mail clients keep, readable in dark mode, text escaped)
// and the plain-text alternative.
import { AA_NORMAL_TEXT, contrastRatio } from "../../../shared/colour-contrast.ts";
import type { Locale } from "../../../shared/domain.ts";
import {
  type Paragraph,
  paragraphText,
  parseEmailBody,
  safeLinkUrl,
} from "../../../shared/notifications/email-body.ts";

export type EmailHtmlInput = {
  lang: Locale;
  subject: string;
  body: string;
  vendor: { name: string; logoUrl: string | null; primaryColour: string };
};

const NEAR_BLACK = "#111111";
const WHITE = "#FFFFFF";
const FALLBACK_PRIMARY = "#2979FF";

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * The text colour of a button in the vendor's colour: white when it reaches AA, else near black,
 * else (a mid grey, where neither quite does) whichever contrasts more.
 */
export function buttonTextColour(background: string): string {
  for (const candidate of [WHITE, NEAR_BLACK]) {
    if (contrastRatio(candidate, background) >= AA_NORMAL_TEXT) return candidate;
  }
  return contrastRatio(WHITE, background) >= contrastRatio("#000000", background)
    ? WHITE
    : "#000000";
}

/** Right to left for the scripts that need it; none of the product's languages does today. */
function textDirection(lang: string): "ltr" | "rtl" {
  return /^(ar|fa|he|ur|yi)(-|$)/i.test(lang) ? "rtl" : "ltr";
}

const isColour = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

/** The plain-text part: paragraphs separated by a blank line, each link as "label: url". */
export function renderEmailText(body: string): string {
  return `${parseEmailBody(body).map(paragraphText).join("\n\n")}\n`;
}

/** What mail clients show after the subject in the inbox: the first sentence worth reading. */
function preheaderOf(paragraphs: Paragraph[]): string {
  const texts = paragraphs.map((paragraph) =>
    paragraph.map((part) => (part.kind === "text" ? part.text : part.label)).join(""),
  );
  // "Hi Ana," says nothing the inbox does not already show.
  const text = texts.find((candidate) => candidate.length > 40) ?? texts[0] ?? "";
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}

function buttonHtml(label: string, url: string, colour: string, textColour: string): string {
  const href = escapeHtml(url);
  // A table cell carries the colour in Outlook, which ignores padding and background on links.
  return `<table role="presentation" border="0" cellspacing="0" cellpadding="0" style="margin:8px 0 24px">
<tr><td class="button-cell" bgcolor="${colour}" style="border-radius:6px;background-color:${colour}">
<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 24px;font-size:17px;line-height:1.2;font-weight:600;color:${textColour};background-color:${colour};border-radius:6px;text-decoration:none">${escapeHtml(label)}</a>
</td></tr></table>`;
}

function paragraphHtml(paragraph: Paragraph, colour: string, textColour: string): string {
  const [only] = paragraph;
  if (paragraph.length === 1 && only?.kind === "link") {
    return buttonHtml(only.label, only.url, colour, textColour);
  }
  const inner = paragraph
    .map((part) =>
      part.kind === "text"
        ? escapeHtml(part.text).replace(/\n/g, "<br>")
        : `<a href="${escapeHtml(part.url)}" target="_blank" rel="noopener" class="inline-link" style="color:inherit;text-decoration:underline">${escapeHtml(part.label)}</a>`,
    )
    .join("");
  return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${inner}</p>`;
}

function headerHtml(vendor: EmailHtmlInput["vendor"]): string {
  const name = escapeHtml(vendor.name);
  const logo = vendor.logoUrl ? safeLinkUrl(vendor.logoUrl) : null;
  if (logo) {
    return `<img src="${escapeHtml(logo)}" alt="${name}" height="48" style="display:block;height:48px;width:auto;max-width:100%;border:0;outline:none;text-decoration:none">`;
  }
  return `<div style="font-size:20px;line-height:1.3;font-weight:700">${name}</div>`;
}

export function renderEmailHtml(input: EmailHtmlInput): string {
  const { lang, subject, vendor } = input;
  const paragraphs = parseEmailBody(input.body);
  const colour = isColour(vendor.primaryColour) ? vendor.primaryColour : FALLBACK_PRIMARY;
  const textColour = buttonTextColour(colour);
  const content = paragraphs
    .map((paragraph) => paragraphHtml(paragraph, colour, textColour))
    .join("\n");
  const dir = textDirection(lang);
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}" dir="${dir}" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
<style>
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin: 0; padding: 0; width: 100%; -webkit-text-size-adjust: 100%; }
@media (prefers-color-scheme: dark) {
  body, .email-background { background-color: #121212 !important; }
  .email-card { background-color: #1E1E1E !important; color: #E8E8E8 !important; }
  .email-footer { color: #B0B0B0 !important; }
}
</style>
</head>
<body class="email-background" style="margin:0;padding:0;background-color:#F4F5F7">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:transparent">${escapeHtml(preheaderOf(paragraphs))}</div>
<table role="presentation" class="email-background" width="100%" border="0" cellspacing="0" cellpadding="0" style="background-color:#F4F5F7">
<tr><td align="center" style="padding:24px 12px">
<!--[if mso]><table role="presentation" width="600" border="0" cellspacing="0" cellpadding="0"><tr><td><![endif]-->
<table role="presentation" class="email-card" width="100%" border="0" cellspacing="0" cellpadding="0" style="max-width:600px;background-color:#FFFFFF;color:#1F2328;border-radius:8px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">
<tr><td dir="${dir}" style="padding:24px 32px 8px;border-top:6px solid ${colour};border-radius:8px 8px 0 0">${headerHtml(vendor)}</td></tr>
<tr><td dir="${dir}" style="padding:16px 32px 16px">
${content}
</td></tr>
<tr><td dir="${dir}" class="email-footer" style="padding:0 32px 24px;font-size:16px;line-height:1.5;color:#57606A">${escapeHtml(vendor.name)}</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}

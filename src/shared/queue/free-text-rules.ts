// Checks on free text a visitor types (spec §5): no long digit runs in notes (card and account
// numbers do not belong there) and no links in names, notes or car details (the not_url rule).

/** True when the text holds 8 or more digits in a row once letters and punctuation are removed. */
export function hasConsecutiveDigits(text: string, run = 8): boolean {
  // Only digits and spaces are kept: "12-34.56a78" reads as "12345678", and a space still
  // separates two numbers ("1234 5678" is two short numbers, as the spec's stripping implies).
  const stripped = text.normalize("NFKC").replace(/[^\d\s]/gu, "");
  return new RegExp(`\\d{${run},}`).test(stripped);
}

const SCHEME_OR_WWW = /(?:\b[a-z][a-z\d+.-]*:\/\/|\bwww\.)\S/i;
// Bare domains with a common top-level domain ("evil.com/x"), except inside an e-mail address.
const BARE_DOMAIN =
  /(?<![@\w.-])(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+(?:com|net|org|info|biz|io|co|ly|me|app|dev|xyz|top|site|online|link|click|ru|cn|uk|de|fr|es|pl|br|kr|ca|us)(?![\w-])(?!@)/i;

/** The not_url rule: true when the text contains something a browser or mail client would link. */
export function containsUrl(text: string): boolean {
  const normalised = text.normalize("NFKC");
  return SCHEME_OR_WWW.test(normalised) || BARE_DOMAIN.test(normalised);
}

/** Email addresses are typed with stray spaces; spec §5 strips them as typed. */
export function normaliseEmail(value: string): string {
  return value.replace(/\s+/gu, "");
}

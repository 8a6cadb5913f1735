// Checks on free text a visitor types (spec §5): no long digit runs in notes (card and account
// numbers do not belong there) and no links in names, notes or car details (the not_url rule).

/**
 * True when the text holds 8 or more digits in a row once letters, punctuation and spaces are
 * removed. The rule keeps account and card numbers out of notes, and those are written in groups:
 * "1234 5678 9012" reads as one number, like "1234-5678-9012" and "12-34.56a78".
 */
export function hasConsecutiveDigits(text: string, run = 8): boolean {
  // Only digits are kept (any script's, after NFKC folds full-width ones to ASCII).
  const digits = text.normalize("NFKC").replace(/\P{Nd}/gu, "");
  return digits.length >= run;
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

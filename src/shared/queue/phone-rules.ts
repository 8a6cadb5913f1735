// The phone rule of spec §5 without its dependencies: "+" then 8 to 15 digits, typing noise ignored.
// phone-number.ts builds the zod schema and the formatting on it; browser code that only needs the
// rule or the defaults imports this module and so ships neither zod nor libphonenumber's metadata.

export const DEFAULT_PHONE_COUNTRY = "US";
/** Countries the country selector offers first (spec §5). */
export const DEFAULT_PHONE_COUNTRIES = ["CA", "US"] as const;

export const E164 = /^\+\d{8,15}$/;
// Spaces, dashes, dots and brackets are how people type numbers; they carry no meaning.
const TYPING_NOISE = /[\s\-.()\u00a0]/g;

/** The number without typing noise; still to be checked with isValidPhoneNumber. */
export function normalisePhoneNumber(value: string): string {
  return value.replace(TYPING_NOISE, "");
}

export function isValidPhoneNumber(value: string): boolean {
  return E164.test(normalisePhoneNumber(value));
}

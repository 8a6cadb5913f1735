// Phone rules of spec §5: "+" then 8 to 15 digits, shown in national or international form.
// Formatting uses libphonenumber-js; the country of the location is the default (else US).
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { DEFAULT_PHONE_COUNTRY, E164, normalisePhoneNumber } from "./phone-rules.ts";
import { QUEUE_MESSAGES } from "./queue-messages.ts";

export {
  DEFAULT_PHONE_COUNTRIES,
  DEFAULT_PHONE_COUNTRY,
  isValidPhoneNumber,
  normalisePhoneNumber,
} from "./phone-rules.ts";

/**
 * An optional phone field: empty means absent; otherwise it must start with "+" and hold 8–15
 * digits. Parses to the E.164 form.
 */
export const phoneNumberSchema = z
  .string()
  .max(40, QUEUE_MESSAGES.phoneInvalid)
  .transform((value) => normalisePhoneNumber(value))
  .superRefine((value, ctx) => {
    if (value === "") return;
    if (!value.startsWith("+"))
      ctx.addIssue({ code: "custom", message: QUEUE_MESSAGES.phoneMustStartWithPlus });
    else if (!E164.test(value))
      ctx.addIssue({ code: "custom", message: QUEUE_MESSAGES.phoneInvalid });
  });

export type FormattedPhone = { e164: string; international: string; national: string };

function asCountry(country: string | null | undefined): CountryCode {
  const upper = (country ?? "").toUpperCase();
  return (/^[A-Z]{2}$/.test(upper) ? upper : DEFAULT_PHONE_COUNTRY) as CountryCode;
}

/** The number in its three written forms; numbers libphonenumber cannot place keep the raw digits. */
export function formatPhoneNumber(e164: string, defaultCountry?: string | null): FormattedPhone {
  const parsed = parsePhoneNumberFromString(e164, asCountry(defaultCountry));
  if (!parsed) return { e164, international: e164, national: e164 };
  return {
    e164: parsed.number,
    international: parsed.formatInternational(),
    national: parsed.formatNational(),
  };
}

/**
 * How the confirmation page writes the visitor's number: the national form when the number
 * belongs to the location's country, else the international form.
 */
export function displayPhoneNumber(e164: string, locationCountry?: string | null): string {
  const parsed = parsePhoneNumberFromString(e164, asCountry(locationCountry));
  if (!parsed) return e164;
  return parsed.country === asCountry(locationCountry)
    ? parsed.formatNational()
    : parsed.formatInternational();
}

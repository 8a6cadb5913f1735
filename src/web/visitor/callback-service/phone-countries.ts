// The phone field's countries and how a typed number becomes E.164 (spec §5), with Canada and the
// United States offered first. libphonenumber's metadata is heavy, so this module is its own chunk,
// loaded beside the form (load-phone-countries.ts).
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from "libphonenumber-js";
import {
  DEFAULT_PHONE_COUNTRIES,
  normalisePhoneNumber,
} from "../../../shared/queue/phone-rules.ts";

export type PhoneCountry = { code: CountryCode; name: string; callingCode: string };

const KNOWN = new Set<string>(getCountries());

export function isPhoneCountry(code: string | null | undefined): code is CountryCode {
  return typeof code === "string" && KNOWN.has(code.toUpperCase());
}

/** The country's calling code, without "+": "1" for CA. */
export function callingCode(code: CountryCode): string {
  return getCountryCallingCode(code);
}

/** The countries offered first, then every other one in the visitor's alphabetical order. */
export function phoneCountries(locale: string): { first: PhoneCountry[]; rest: PhoneCountry[] } {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: "region" });
  } catch {
    names = null; // very old engines: the codes stand in for the names
  }
  const describe = (code: CountryCode): PhoneCountry => ({
    code,
    name: names?.of(code) ?? code,
    callingCode: getCountryCallingCode(code),
  });
  const firstCodes = new Set<string>(DEFAULT_PHONE_COUNTRIES);
  const collator = new Intl.Collator(locale);
  return {
    first: DEFAULT_PHONE_COUNTRIES.map(describe),
    rest: getCountries()
      .filter((code) => !firstCodes.has(code))
      .map(describe)
      .sort((a, b) => collator.compare(a.name, b.name)),
  };
}

/**
 * The typed number in E.164: as typed when it starts with "+", else read as a number of `country`
 * (trunk prefixes such as a leading 0 dropped). The shared rules then check the result; a number
 * that cannot be read keeps its digits so those rules can say why.
 */
export function composePhoneNumber(typed: string, country: string): string {
  const number = normalisePhoneNumber(typed);
  if (number === "" || number.startsWith("+") || !isPhoneCountry(country)) return number;
  const code = country.toUpperCase() as CountryCode;
  const parsed = parsePhoneNumberFromString(number, code);
  return parsed ? parsed.number : `+${getCountryCallingCode(code)}${number}`;
}

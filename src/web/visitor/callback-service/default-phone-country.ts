// The country the phone selector starts on (spec §5): the location's, else the product default.
import { DEFAULT_PHONE_COUNTRY } from "../../../shared/queue/phone-rules.ts";

export function defaultPhoneCountry(locationCountry: string | null | undefined): string {
  const upper = (locationCountry ?? "").trim().toUpperCase();
  return /^[A-Z]{2}$/.test(upper) ? upper : DEFAULT_PHONE_COUNTRY;
}

// The wording of a location's attributes on the edit page, the conflict notice and its history.
import type { IntlShape } from "react-intl";

export const LOCATION_ATTRIBUTES = [
  "name",
  "external_id",
  "region",
  "sort_order",
  "lang",
  "physical",
  "address",
  "city",
  "prov_state",
  "postal_zip",
  "country",
  "timezone",
  "latitude",
  "longitude",
  "phone",
  "google_review_url",
  "mailing_code",
  "visibility",
  "supports_in_person",
  "supports_phone",
  "supports_video",
  "supports_curbside_pickup",
  "restrict_callback_request_hours",
  "instructions",
  "translations",
  "archived",
] as const;

const KNOWN = new Set<string>(LOCATION_ATTRIBUTES);

/** The label of an attribute, or undefined for one the page does not know. */
export function fieldLabel(intl: IntlShape, attribute: string): string | undefined {
  return KNOWN.has(attribute)
    ? intl.formatMessage({ id: `Office.locations.field.${attribute}` })
    : undefined;
}

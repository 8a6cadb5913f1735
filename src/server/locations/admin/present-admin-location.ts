// A location row as the back office reads it (src/shared/contracts/admin-location.ts). The audit log
// keeps the same attributes before and after a change, without the bookkeeping (version, dates).
import type {
  AdminLocation,
  AdminLocationAttributes,
} from "../../../shared/contracts/admin-location.ts";
import type { locations } from "../../db/schema.ts";

export type LocationRow = typeof locations.$inferSelect;

/** The attributes a person edits: what the audit log compares before and after. */
export function editableAttributes(row: LocationRow) {
  return {
    name: row.name,
    external_id: row.externalId,
    address: row.address,
    city: row.city,
    prov_state: row.provState,
    postal_zip: row.postalZip,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    timezone: row.timezone,
    phone: row.phone,
    region: row.region,
    visibility: row.visibility,
    physical: row.physical,
    supports_curbside_pickup: row.supportsCurbsidePickup,
    restrict_callback_request_hours: row.restrictCallbackRequestHours,
    supports_in_person: row.supportsInPerson,
    supports_phone: row.supportsPhone,
    supports_video: row.supportsVideo,
    instructions: row.instructions,
    google_review_url: row.googleReviewUrl,
    sort_order: row.sortOrder,
    lang: row.lang,
    mailing_code: row.mailingCode,
    translations: row.translations.map(({ locale, field, content }) => ({
      locale,
      field,
      content,
    })),
    archived: row.archivedAt !== null,
  };
}

export function presentAdminLocation(row: LocationRow): AdminLocation {
  const attributes: AdminLocationAttributes = {
    ...editableAttributes(row),
    archived_at: row.archivedAt?.toISOString() ?? null,
    version: row.version,
    created_at: row.createdAt.toISOString(),
  };
  return { type: "locations", id: String(row.id), attributes };
}

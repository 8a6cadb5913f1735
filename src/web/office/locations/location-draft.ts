// The edit form's values (strings as typed, booleans as ticked), made from a location and turned
// back into the attributes a save sends. A save of an existing location sends only what the person
// changed; after a 409 their changes are laid onto the new version (rebaseDraft).
import {
  type AdminLocationAttributes,
  LOCATION_TRANSLATABLE_FIELDS,
} from "../../../shared/contracts/admin-location.ts";
import { LOCALES } from "../../../shared/domain.ts";

export const TEXT_FIELDS = [
  "name",
  "external_id",
  "address",
  "city",
  "prov_state",
  "postal_zip",
  "country",
  "latitude",
  "longitude",
  "timezone",
  "phone",
  "region",
  "instructions",
  "google_review_url",
  "sort_order",
  "lang",
  "mailing_code",
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const FLAG_FIELDS = [
  "physical",
  "supports_curbside_pickup",
  "restrict_callback_request_hours",
  "supports_in_person",
  "supports_phone",
  "supports_video",
] as const;
export type FlagField = (typeof FLAG_FIELDS)[number];

/** "fr:name": a translation's place in the draft. */
export type TranslationKey = `${string}:${string}`;

export type LocationDraft = Record<TextField, string> &
  Record<FlagField, boolean> & {
    visibility: "public" | "private";
    translations: Record<TranslationKey, string>;
  };

/** Where a new location starts: open to the public, every way of meeting offered. */
export function emptyDraft(): LocationDraft {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, ""])) as Record<
    TextField,
    string
  >;
  return {
    ...text,
    sort_order: "0",
    timezone: browserTimeZone(),
    physical: true,
    supports_curbside_pickup: false,
    restrict_callback_request_hours: false,
    supports_in_person: true,
    supports_phone: true,
    supports_video: true,
    visibility: "public",
    translations: {},
  };
}

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  } catch {
    return "";
  }
}

export function draftOf(location: AdminLocationAttributes): LocationDraft {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  const translations: Record<TranslationKey, string> = {};
  for (const { locale, field, content } of location.translations)
    translations[`${locale}:${field}`] = content;
  return {
    name: location.name,
    external_id: text(location.external_id),
    address: location.address,
    city: location.city,
    prov_state: location.prov_state,
    postal_zip: location.postal_zip,
    country: location.country,
    latitude: text(location.latitude),
    longitude: text(location.longitude),
    timezone: location.timezone,
    phone: text(location.phone),
    region: text(location.region),
    instructions: text(location.instructions),
    google_review_url: text(location.google_review_url),
    sort_order: text(location.sort_order),
    lang: text(location.lang),
    mailing_code: text(location.mailing_code),
    physical: location.physical,
    supports_curbside_pickup: location.supports_curbside_pickup,
    restrict_callback_request_hours: location.restrict_callback_request_hours,
    supports_in_person: location.supports_in_person,
    supports_phone: location.supports_phone,
    supports_video: location.supports_video,
    visibility: location.visibility,
    translations,
  };
}

/** A number as typed, or the text itself so the server names what is wrong with it. */
function numberOf(text: string): number | string {
  const trimmed = text.trim().replace(",", ".");
  const value = Number(trimmed);
  return trimmed !== "" && Number.isFinite(value) ? value : text;
}

/** The translations in a fixed order (language, then field): the server's pointers index them. */
export function translationList(draft: LocationDraft) {
  const list: { locale: string; field: string; content: string }[] = [];
  for (const locale of LOCALES)
    for (const field of LOCATION_TRANSLATABLE_FIELDS) {
      const content = draft.translations[`${locale}:${field}`]?.trim() ?? "";
      if (content) list.push({ locale, field, content });
    }
  return list;
}

/** Every attribute of the draft as the API takes it. */
export function attributesOf(draft: LocationDraft): Record<string, unknown> {
  return {
    name: draft.name,
    external_id: draft.external_id.trim() || null,
    address: draft.address,
    city: draft.city,
    prov_state: draft.prov_state,
    postal_zip: draft.postal_zip,
    country: draft.country.trim().toUpperCase(),
    latitude: numberOf(draft.latitude),
    longitude: numberOf(draft.longitude),
    timezone: draft.timezone.trim(),
    phone: draft.phone.trim() || null,
    region: draft.region.trim() || null,
    instructions: draft.instructions.trim() || null,
    google_review_url: draft.google_review_url.trim() || null,
    sort_order: numberOf(draft.sort_order || "0"),
    lang: draft.lang || null,
    mailing_code: draft.mailing_code.trim() || null,
    physical: draft.physical,
    supports_curbside_pickup: draft.supports_curbside_pickup,
    restrict_callback_request_hours: draft.restrict_callback_request_hours,
    supports_in_person: draft.supports_in_person,
    supports_phone: draft.supports_phone,
    supports_video: draft.supports_video,
    visibility: draft.visibility,
    translations: translationList(draft),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The attributes that differ between two drafts (what a PATCH sends). */
export function changedAttributes(
  base: LocationDraft,
  draft: LocationDraft,
): Record<string, unknown> {
  const before = attributesOf(base);
  const after = attributesOf(draft);
  return Object.fromEntries(
    Object.entries(after).filter(([name, value]) => !same(before[name], value)),
  );
}

/**
 * The person's changes laid onto the version someone else saved: each attribute they changed keeps
 * their value, every other one takes the new version's.
 */
export function rebaseDraft(
  base: LocationDraft,
  draft: LocationDraft,
  current: LocationDraft,
): LocationDraft {
  const next: LocationDraft = { ...current, translations: { ...current.translations } };
  for (const field of [...TEXT_FIELDS, ...FLAG_FIELDS, "visibility"] as const)
    if (!same(base[field], draft[field])) (next as Record<string, unknown>)[field] = draft[field];
  const keys = new Set([
    ...Object.keys(base.translations),
    ...Object.keys(draft.translations),
  ]) as Set<TranslationKey>;
  for (const key of keys)
    if ((base.translations[key] ?? "") !== (draft.translations[key] ?? ""))
      next.translations[key] = draft.translations[key] ?? "";
  return next;
}

/** The attribute names whose values the other person changed (base → their version). */
export function theirChanges(base: LocationDraft, current: LocationDraft): string[] {
  const before = attributesOf(base);
  const after = attributesOf(current);
  return Object.keys(after).filter((name) => !same(before[name], after[name]));
}

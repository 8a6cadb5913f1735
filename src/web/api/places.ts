// Place search for the location finder (spec §3 "Place suggestions" / "Place details", §7 "maps
// places service"): one interface, two providers. The offline provider (the default) matches the
// vendor's own location names, cities and postal codes in the browser; the geocoder provider asks
// the install's Nominatim-compatible geocoder through our own /places route.
import type { PlaceSuggestionListDocument } from "../../shared/contracts/place-suggestion.ts";
import type { Locale } from "../../shared/domain.ts";
import { paths } from "../paths.ts";
import { api } from "./client.ts";
import type { LocationResource } from "./locations.ts";

export type PlaceKind = "location" | "city" | "postal-code" | "place";

export type PlaceSuggestion = {
  type: "location-suggestions";
  /** the place id, unique within one provider */
  id: string;
  name: string;
  /** a second line that tells places of the same name apart (address, region) */
  description: string;
  kind: PlaceKind;
};

export type PlaceDetails = { formattedAddress: string; latitude: number; longitude: number };

export type PlaceRequestOptions = { locale: Locale; signal?: AbortSignal };

export type PlacesProvider = {
  /** Suggestions for what the visitor typed; rejects on failure (the caller stays silent, §8). */
  suggest(text: string, options: PlaceRequestOptions): Promise<PlaceSuggestion[]>;
  /** Where a suggestion is; rejects for a suggestion this provider did not give. */
  details(suggestion: PlaceSuggestion): Promise<PlaceDetails>;
};

export const SUGGESTION_LIMIT = 5;
/** Fewer characters say too little to suggest anything useful. */
export const MIN_SUGGESTION_LENGTH = 2;

// Letters that Unicode does not decompose into a base letter and a mark ("ł" is not "l" + ◌̸).
const FOLDED: Record<string, string> = {
  ł: "l",
  ø: "o",
  đ: "d",
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ı: "i",
};

/** Lower case, accents and punctuation dropped: "Montréal, QC" and "montreal qc" compare equal. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLocaleLowerCase("en")
    .replace(/[łøđßæœı]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

type Candidate = PlaceSuggestion & {
  words: string[];
  compact: string;
  details: PlaceDetails;
  /** a city's country (ISO code), named in the page language when suggested */
  country?: string;
};

function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function centroid(points: readonly { latitude: number; longitude: number }[]) {
  const sum = points.reduce((a, p) => ({ lat: a.lat + p.latitude, lng: a.lng + p.longitude }), {
    lat: 0,
    lng: 0,
  });
  return { latitude: sum.lat / points.length, longitude: sum.lng / points.length };
}

function candidatesOf(locations: readonly LocationResource[]): Candidate[] {
  const candidates: Candidate[] = [];
  const groups = new Map<string, { kind: PlaceKind; name: string; items: LocationResource[] }>();
  const group = (kind: PlaceKind, name: string, location: LocationResource) => {
    if (!name.trim()) return;
    const key = `${kind}:${normalizeForSearch(name)}:${location.attributes.country}`;
    const entry = groups.get(key) ?? { kind, name: name.trim(), items: [] };
    entry.items.push(location);
    groups.set(key, entry);
  };
  for (const location of locations) {
    const a = location.attributes;
    const details = {
      formattedAddress: a.formatted_address,
      latitude: a.latitude,
      longitude: a.longitude,
    };
    candidates.push(
      candidate("location", `location:${location.id}`, a.name, a.formatted_address, details),
    );
    group("city", [a.city, a.prov_state].filter(Boolean).join(", "), location);
    group("postal-code", a.postal_zip, location);
  }
  for (const [key, { kind, name, items }] of groups) {
    const first = items[0]!.attributes;
    const at = centroid(items.map((item) => item.attributes));
    if (kind === "city") {
      const place = { formattedAddress: `${name}, ${first.country}`, ...at };
      candidates.push({ ...candidate(kind, key, name, "", place), country: first.country });
      continue;
    }
    const description = [first.city, first.prov_state].filter(Boolean).join(", ");
    const place = { formattedAddress: `${name}, ${description}`, ...at };
    candidates.push(candidate(kind, key, name, description, place));
  }
  return candidates;
}

function candidate(
  kind: PlaceKind,
  id: string,
  name: string,
  description: string,
  details: PlaceDetails,
): Candidate {
  const normal = normalizeForSearch(name);
  return {
    type: "location-suggestions",
    id,
    name,
    description,
    kind,
    words: normal.split(" "),
    compact: normal.replaceAll(" ", ""),
    details,
  };
}

const KIND_ORDER: Record<PlaceKind, number> = { city: 0, "postal-code": 1, location: 2, place: 3 };

/** Matches the vendor's own locations: every word typed begins a word of the name, or the typed
 * text begins the postal code with spaces ignored ("m5x1" finds "M5X 1A9"). */
export function createOfflinePlacesProvider(
  locations: readonly LocationResource[],
): PlacesProvider {
  const candidates = candidatesOf(locations);
  const byId = new Map(candidates.map((c) => [c.id, c]));
  return {
    async suggest(text, { locale }) {
      const query = normalizeForSearch(text);
      if (query.length < MIN_SUGGESTION_LENGTH) return [];
      const typed = query.split(" ");
      const compact = query.replaceAll(" ", "");
      const scored: { candidate: Candidate; score: number }[] = [];
      for (const c of candidates) {
        const wordsMatch = typed.every((word) => c.words.some((w) => w.startsWith(word)));
        const codeMatch = c.kind === "postal-code" && c.compact.startsWith(compact);
        if (!wordsMatch && !codeMatch) continue;
        // Names that begin with what was typed come first.
        scored.push({
          candidate: c,
          score: c.words.join(" ").startsWith(query) || codeMatch ? 0 : 1,
        });
      }
      scored.sort(
        (a, b) =>
          a.score - b.score ||
          KIND_ORDER[a.candidate.kind] - KIND_ORDER[b.candidate.kind] ||
          a.candidate.name.localeCompare(b.candidate.name),
      );
      return scored
        .slice(0, SUGGESTION_LIMIT)
        .map(({ candidate: { id, name, description, kind, type, country } }) => ({
          type,
          id,
          name,
          description: country ? countryName(country, locale) : description,
          kind,
        }));
    },
    async details(suggestion) {
      const found = byId.get(suggestion.id);
      if (!found) throw new Error(`unknown place ${suggestion.id}`);
      return found.details;
    },
  };
}

/** Asks GET /api/v2/open/places (the install's geocoder, in the vendor's countries). */
export function createGeocoderPlacesProvider(
  client: Pick<typeof api, "get"> = api,
): PlacesProvider {
  // The geocoder's answer already carries the coordinates: details need no second request.
  const known = new Map<string, PlaceDetails>();
  return {
    async suggest(text, { locale, signal }) {
      const query = text.trim();
      if (normalizeForSearch(query).length < MIN_SUGGESTION_LENGTH) return [];
      const document = await client.get<PlaceSuggestionListDocument>(paths.api.places(), {
        locale,
        query: { q: query, limit: SUGGESTION_LIMIT },
        ...(signal ? { signal } : {}),
      });
      return document.data.map(({ id, attributes }) => {
        known.set(id, {
          formattedAddress: attributes.formatted_address,
          latitude: attributes.latitude,
          longitude: attributes.longitude,
        });
        // "Name, street, city, …": the rest of the address tells same-named places apart.
        const rest = attributes.formatted_address.split(",").slice(1).join(",").trim();
        return {
          type: "location-suggestions" as const,
          id,
          name: attributes.name,
          description: rest,
          kind: "place" as const,
        };
      });
    },
    async details(suggestion) {
      const found = known.get(suggestion.id);
      if (!found) throw new Error(`unknown place ${suggestion.id}`);
      return found;
    },
  };
}

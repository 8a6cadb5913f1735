// A client for a Nominatim-compatible geocoder (config GEOCODER_URL): free-text search turned into
// place suggestions with coordinates. The browser asks our server, never the geocoder, so the
// page needs no third-party origin; answers are cached because public geocoders limit callers.
import { z } from "zod";

export type PlaceSuggestion = {
  /** the geocoder's id of the place, prefixed with its kind ("osm:N123" or "place:123") */
  id: string;
  name: string;
  formattedAddress: string;
  latitude: number;
  longitude: number;
};

export type PlaceSearch = {
  query: string;
  /** the page language, for the geocoder's names */
  language: string;
  /** ISO 3166-1 alpha-2 codes: only places in these countries (the vendor's) */
  countries: readonly string[];
  limit: number;
};

export type Geocoder = { search(search: PlaceSearch): Promise<PlaceSuggestion[]> };

export class GeocoderUnavailableError extends Error {}

const coordinate = z.union([z.string(), z.number()]).transform(Number).pipe(z.number().finite());

// Only what we read; Nominatim sends much more. A result we cannot read is left out, not fatal.
const nominatimResult = z.object({
  place_id: z.union([z.number(), z.string()]).optional(),
  osm_type: z.string().optional(),
  osm_id: z.union([z.number(), z.string()]).optional(),
  name: z.string().optional(),
  display_name: z.string().min(1),
  lat: coordinate.pipe(z.number().min(-90).max(90)),
  lon: coordinate.pipe(z.number().min(-180).max(180)),
});

const CACHE_TTL_MS = 60 * 60_000;
const CACHE_MAX = 1_000;

export type NominatimOptions = {
  /** the geocoder's base URL, or its /search endpoint */
  url: string;
  /** Nominatim's usage policy asks every client to name itself */
  userAgent: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

export function searchEndpoint(url: string): URL {
  const endpoint = new URL(url);
  if (!/\/search\/?$/.test(endpoint.pathname))
    endpoint.pathname = `${endpoint.pathname.replace(/\/+$/, "")}/search`;
  return endpoint;
}

export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 3_000;
  const cache = new Map<string, { value: PlaceSuggestion[]; expires: number }>();

  async function fetchSuggestions(search: PlaceSearch): Promise<PlaceSuggestion[]> {
    const url = searchEndpoint(options.url);
    url.searchParams.set("q", search.query);
    url.searchParams.set("format", "jsonv2");
    url.searchParams.set("limit", String(search.limit));
    url.searchParams.set("accept-language", search.language);
    if (search.countries.length > 0)
      url.searchParams.set("countrycodes", search.countries.join(",").toLowerCase());
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { accept: "application/json", "user-agent": options.userAgent },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GeocoderUnavailableError("the geocoder could not be reached", { cause: error });
    }
    if (!response.ok)
      throw new GeocoderUnavailableError(`the geocoder answered ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new GeocoderUnavailableError("the geocoder sent no JSON", { cause: error });
    }
    if (!Array.isArray(body)) throw new GeocoderUnavailableError("the geocoder sent no list");
    const suggestions: PlaceSuggestion[] = [];
    for (const item of body) {
      const parsed = nominatimResult.safeParse(item);
      if (!parsed.success) continue;
      const result = parsed.data;
      const id =
        result.osm_type && result.osm_id !== undefined
          ? `osm:${result.osm_type.charAt(0).toUpperCase()}${result.osm_id}`
          : `place:${result.place_id ?? `${result.lat},${result.lon}`}`;
      suggestions.push({
        id,
        name: result.name?.trim() || result.display_name.split(",")[0]!.trim(),
        formattedAddress: result.display_name,
        latitude: result.lat,
        longitude: result.lon,
      });
    }
    return suggestions.slice(0, search.limit);
  }

  return {
    async search(search) {
      const key = JSON.stringify([
        search.query.trim().toLowerCase(),
        search.language,
        [...search.countries].sort(),
        search.limit,
      ]);
      const hit = cache.get(key);
      if (hit && hit.expires > now()) {
        // Re-inserting keeps the map in least-recently-used order for eviction.
        cache.delete(key);
        cache.set(key, hit);
        return hit.value;
      }
      const value = await fetchSuggestions({ ...search, query: search.query.trim() });
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(key, { value, expires: now() + CACHE_TTL_MS });
      return value;
    },
  };
}

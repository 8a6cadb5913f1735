// The visible locations of a vendor for the public list (spec §7 "Location list", §9): searched by
// name, address, city or postal code, the name and address in any of their translations too; by
// sort order then name, or by distance from `near`. An archived location is in no list.
import { and, asc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { locations } from "../db/schema.ts";
import { type Coordinates, type Distance, distanceTo } from "./distance.ts";

export const LOCATION_LIST_LIMIT = 1000;
/** Sorting by distance needs every candidate; no vendor has more, and this bounds the work. */
const DISTANCE_CANDIDATES = 20_000;

type LocationRow = typeof locations.$inferSelect;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A translated name or address matches, in any language: a visitor reading the Polish page types
 * "Warszawa", one reading the English page "Warsaw", and both mean the same location.
 */
function translationMatches(pattern: string): SQL {
  return sql`exists (select 1 from jsonb_array_elements(${locations.translations}) as t(entry)
    where t.entry->>'field' in ('name', 'address') and t.entry->>'content' ilike ${pattern})`;
}

export async function loadPublicLocations(
  db: DbOrTx,
  options: {
    vendorId: number;
    search?: string | undefined;
    near?: Coordinates | null;
    radius: number;
  },
): Promise<{ row: LocationRow; distance?: Distance }[]> {
  const search = options.search?.trim();
  const where = and(
    eq(locations.vendorId, options.vendorId),
    eq(locations.visibility, "public"),
    isNull(locations.archivedAt),
    search
      ? or(
          ilike(locations.name, likePattern(search)),
          ilike(locations.address, likePattern(search)),
          ilike(locations.city, likePattern(search)),
          ilike(locations.postalZip, likePattern(search)),
          translationMatches(likePattern(search)),
        )
      : undefined,
  );
  const near = options.near;
  const rows = await db
    .select()
    .from(locations)
    .where(where)
    .orderBy(asc(locations.sortOrder), asc(locations.name), asc(locations.id))
    .limit(near ? DISTANCE_CANDIDATES : LOCATION_LIST_LIMIT);
  if (!near) return rows.map((row) => ({ row }));
  return rows
    .map((row) => ({
      row,
      distance: distanceTo(
        near,
        { lat: row.latitude, lng: row.longitude, country: row.country },
        options.radius,
      ),
    }))
    .sort((a, b) => a.distance.value - b.distance.value)
    .slice(0, LOCATION_LIST_LIMIT);
}

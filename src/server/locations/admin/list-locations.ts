// The back office's list of locations: searched by name, city, address or external id, filtered by
// region and by archived or not, sorted, one page at a time with the total for the pager.
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { LocationSort } from "../../../shared/contracts/admin-location.ts";
import type { DbOrTx } from "../../db/client.ts";
import { locations } from "../../db/schema.ts";
import type { LocationRow } from "./present-admin-location.ts";

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ORDER: Record<string, SQL[]> = {
  name: [asc(locations.name)],
  "-name": [desc(locations.name)],
  sort_order: [asc(locations.sortOrder), asc(locations.name)],
  "-sort_order": [desc(locations.sortOrder), asc(locations.name)],
  city: [asc(locations.city), asc(locations.name)],
  "-city": [desc(locations.city), asc(locations.name)],
  created: [asc(locations.createdAt)],
  "-created": [desc(locations.createdAt)],
};

export async function listAdminLocations(
  db: DbOrTx,
  options: {
    vendorId: number;
    search?: string | undefined;
    region?: string | undefined;
    archived: "false" | "true" | "all";
    sort: LocationSort;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: LocationRow[]; total: number; regions: string[] }> {
  const search = options.search?.trim();
  const where = and(
    eq(locations.vendorId, options.vendorId),
    options.archived === "false"
      ? isNull(locations.archivedAt)
      : options.archived === "true"
        ? isNotNull(locations.archivedAt)
        : undefined,
    options.region ? eq(locations.region, options.region) : undefined,
    search
      ? or(
          ilike(locations.name, likePattern(search)),
          ilike(locations.city, likePattern(search)),
          ilike(locations.address, likePattern(search)),
          ilike(locations.externalId, likePattern(search)),
        )
      : undefined,
  );
  const [rows, [total], regions] = await Promise.all([
    db
      .select()
      .from(locations)
      .where(where)
      .orderBy(...(ORDER[options.sort] ?? []), asc(locations.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(locations).where(where),
    db
      .selectDistinct({ region: locations.region })
      .from(locations)
      .where(and(eq(locations.vendorId, options.vendorId), isNotNull(locations.region)))
      .orderBy(asc(locations.region)),
  ]);
  return {
    rows,
    total: total?.total ?? 0,
    regions: regions.flatMap(({ region }) => (region ? [region] : [])),
  };
}

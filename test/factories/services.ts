// Test services, offered at the given locations.
import type { Db } from "../../src/server/db/client.ts";
import { locationServices, services } from "../../src/server/db/schema.ts";

let sequence = 0;

export async function createService(
  db: Db,
  vendorId: number,
  options: { locationIds: number[] } & Partial<typeof services.$inferInsert>,
) {
  sequence += 1;
  const { locationIds, ...overrides } = options;
  const [service] = await db
    .insert(services)
    .values({ vendorId, name: `Service ${sequence}`, durationMinutes: 10, ...overrides })
    .returning();
  for (const locationId of locationIds) {
    await db.insert(locationServices).values({ vendorId, locationId, serviceId: service!.id });
  }
  return service!;
}

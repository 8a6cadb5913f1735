// recordRwgConversion: stores a reserve-with-a-search-engine conversion token (spec §7) and
// whether the visitor ended up at another location than the one the search offered.
import type { DbOrTx } from "../db/client.ts";
import { rwgConversions } from "../db/schema.ts";

export async function recordRwgConversion(options: {
  db: DbOrTx;
  vendorId: number;
  token: string;
  merchantChanged: boolean;
  now?: Date;
}) {
  const [row] = await options.db
    .insert(rwgConversions)
    .values({
      vendorId: options.vendorId,
      token: options.token,
      merchantChanged: options.merchantChanged,
      createdAt: options.now ?? new Date(),
    })
    .returning();
  return row!;
}

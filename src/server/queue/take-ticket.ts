// One short ticket outside the join's statement (a transfer to another location's line): the next
// number of the location's day and prefix, from the same counter the joins take theirs from, in the
// caller's transaction, whose row lock keeps it from ever being handed out twice (decision 0022).
import { sql } from "drizzle-orm";
import { formatTicket } from "../../shared/queue/ticket.ts";
import type { Tx } from "../db/client.ts";
import { ticketCounters } from "../db/schema.ts";

export async function takeTicket(
  tx: Tx,
  counter: { vendorId: number; locationId: number; localDate: string; prefix: string },
): Promise<string> {
  const [taken] = await tx
    .insert(ticketCounters)
    .values({ ...counter, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [ticketCounters.locationId, ticketCounters.localDate, ticketCounters.prefix],
      set: { lastNumber: sql`${ticketCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: ticketCounters.lastNumber });
  return formatTicket(counter.prefix, taken!.lastNumber);
}

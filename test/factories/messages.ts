// Messages written straight into the database, as the sender and the inbound webhook leave them, for
// tests of the message log and a visit's messages.
import type { Db } from "../../src/server/db/client.ts";
import { messages } from "../../src/server/db/schema.ts";

export type MessageFixture = Partial<typeof messages.$inferInsert> & { vendorId: number };

let count = 0;

/** One message; by default an email confirmation, sent, created now. */
export async function createMessage(db: Db, options: MessageFixture) {
  count += 1;
  const [row] = await db
    .insert(messages)
    .values({
      direction: "outbound",
      channel: "email",
      kind: "joined",
      recipient: `visitor${count}@example.com`,
      lang: "en",
      subject: "You are in line",
      body: `You are number ${count} in line.`,
      status: "sent",
      ...options,
    })
    .returning();
  return row!;
}

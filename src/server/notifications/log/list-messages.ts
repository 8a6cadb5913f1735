// The message log: a vendor's messages newest first, a page at a time by (created_at, id), inside
// the caller's locations. Messages with no location (to staff about their account) only for admins.
import { and, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { MessageDirection, MessageStatus } from "../../../shared/contracts/messages.ts";
import { ROLES } from "../../../shared/domain.ts";
import type { MessageChannel } from "../../../shared/notifications/message-kinds.ts";
import type { StaffContext } from "../../auth/staff-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { messages } from "../../db/schema.ts";
import { findStaffLocation } from "../../lobby/find-staff-location.ts";
import { locationScope } from "../../permissions/tenant-scope.ts";
import { decodeMessageLogCursor, encodeMessageLogCursor } from "./message-log-cursor.ts";
import { LINK_SECRET_SQL, MASKED_SECRET, type MessageRow } from "./present-message.ts";

export type MessageLogFilters = {
  locationId?: number;
  channel?: MessageChannel;
  status?: MessageStatus;
  direction?: MessageDirection;
  /** part of the recipient or the body, any case */
  search?: string;
  /** a cursor from a previous page */
  before?: string;
  limit: number;
};

/** `%`, `_` and the escape itself match literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Which messages the caller may read at all (the rule lives here and in docs/permissions.md). */
function visibleTo(staff: StaffContext): SQL {
  const scoped = locationScope(staff, {
    vendorColumn: messages.vendorId,
    locationColumn: messages.locationId,
  });
  if (staff.roleLevel >= ROLES.admin) return scoped;
  return and(scoped, isNotNull(messages.locationId)) as SQL;
}

export async function listMessages(
  db: DbOrTx,
  options: { staff: StaffContext; filters: MessageLogFilters },
): Promise<{ rows: MessageRow[]; nextCursor: string | null }> {
  const { staff, filters } = options;
  // Decoded before any query: a cursor this server did not write is refused, not searched.
  const cursor = filters.before === undefined ? null : decodeMessageLogCursor(filters.before);
  if (filters.locationId !== undefined) await findStaffLocation(db, staff, filters.locationId);

  const conditions: SQL[] = [visibleTo(staff)];
  if (filters.locationId !== undefined)
    conditions.push(eq(messages.locationId, filters.locationId));
  if (filters.channel) conditions.push(eq(messages.channel, filters.channel));
  if (filters.status) conditions.push(eq(messages.status, filters.status));
  if (filters.direction) conditions.push(eq(messages.direction, filters.direction));
  const search = filters.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      // The text as it is shown, its link secrets masked: a search cannot confirm a confirm code.
      sql`(${messages.recipient} ilike ${pattern} escape '\\' or regexp_replace(${messages.body}, ${LINK_SECRET_SQL}, ${`\\1${MASKED_SECRET}`}, 'gi') ilike ${pattern} escape '\\')`,
    );
  }
  if (cursor) {
    conditions.push(
      sql`(${messages.createdAt}, ${messages.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`,
    );
  }

  const rows = await db
    .select({
      message: messages,
      // to the microsecond, as the database compares it: a JavaScript Date keeps milliseconds only
      cursorAt: sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(filters.limit + 1);

  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > filters.limit && last
      ? encodeMessageLogCursor({ createdAt: last.cursorAt, id: last.message.id })
      : null;
  return { rows: page.map((row) => row.message), nextCursor };
}

// "Almost your turn": once per place in line, when few enough people are ahead of a visitor or their
// estimate is short enough (the location's settings, else the vendor's: 2 people, 10 minutes by
// default). Checked whenever a location's waits are recalculated and every minute (time passes
// without any change). Only visitors whose confirmation was decided are considered (no address, no
// number: nothing to say); one already that close when they joined was told so by the
// confirmation, and the join's handler records the "almost your turn" as suppressed for them. A
// visitor put back in the line has a new place, and may be told anew. "People ahead" is the count
// the visitor's page shows (src/server/queue/place-in-line.ts), so the message and the page agree.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import {
  effectiveNotificationSettings,
  type NotificationSettings,
} from "../../shared/notifications/settings.ts";
import { parseVendorSettings } from "../../shared/vendor-settings.ts";
import type { DbOrTx } from "../db/client.ts";
import { locations, messages, queueAppointments, vendors } from "../db/schema.ts";
import { peopleAheadInLine } from "../queue/place-in-line.ts";
import { composeVisitorMessages, type SiteLinks } from "./compose-visitor-messages.ts";
import { insertMessages } from "./message-store.ts";

/** The cause of a place's "almost your turn": the visit and when it took this place. */
export const almostTurnCause = (visit: { id: number; queuedAt: Date }) =>
  `visit:${visit.id}:almost_turn:${visit.queuedAt.getTime()}`;

type LineVisit = {
  id: number;
  queuedAt: Date;
  expectedStart: Date | null;
  /** the people ahead of the visitor (place-in-line.ts) */
  ahead: number;
};

/**
 * A location's waiting line in order (those not called yet) with the people ahead of each, and the
 * notification settings that apply to it.
 */
export async function readLine(
  db: DbOrTx,
  scope: { vendorId: number; locationId: number },
): Promise<{ line: LineVisit[]; settings: NotificationSettings } | null> {
  const [place] = await db
    .select({ vendorSettings: vendors.settings, locationSettings: locations.notificationSettings })
    .from(locations)
    .innerJoin(vendors, eq(vendors.id, locations.vendorId))
    .where(and(eq(locations.id, scope.locationId), eq(locations.vendorId, scope.vendorId)))
    .limit(1);
  if (!place) return null;
  const settings = effectiveNotificationSettings(
    parseVendorSettings(place.vendorSettings).notifications,
    place.locationSettings,
  );
  const rows = await db
    .select({
      id: queueAppointments.id,
      queuedAt: queueAppointments.queuedAt,
      expectedStart: queueAppointments.expectedStart,
    })
    .from(queueAppointments)
    .where(
      and(
        eq(queueAppointments.locationId, scope.locationId),
        eq(queueAppointments.status, "waiting"),
        // a visitor called to a desk is no longer ahead of anyone
        isNull(queueAppointments.calledAt),
      ),
    )
    .orderBy(asc(queueAppointments.queuedAt), asc(queueAppointments.id));
  const ahead = peopleAheadInLine(
    rows.map((row) => ({ called: false, expectedStart: row.expectedStart?.getTime() ?? null })),
  );
  const line = rows.map((row, index) => ({ ...row, ahead: ahead[index] ?? 0 }));
  return { line, settings };
}

/** Whether a visitor with `ahead` people ahead of them, expected at `expectedStart`, is close. */
export function isAlmostTurn(
  ahead: number,
  expectedStart: Date | null,
  settings: NotificationSettings,
  now: Date,
): boolean {
  if (ahead <= settings.almost_turn_people) return true;
  return (
    expectedStart !== null &&
    expectedStart.getTime() - now.getTime() <= settings.almost_turn_minutes * 60_000
  );
}

/** Queues the "almost your turn" messages a location's line is owed now; resolves with how many. */
export async function queueAlmostTurnMessages(
  db: DbOrTx,
  scope: { vendorId: number; locationId: number; site: SiteLinks; now?: Date },
): Promise<number> {
  const now = scope.now ?? new Date();
  const read = await readLine(db, scope);
  if (!read) return 0;
  const close = read.line.filter((visit) =>
    isAlmostTurn(visit.ahead, visit.expectedStart, read.settings, now),
  );
  if (close.length === 0) return 0;

  const ids = close.map((visit) => visit.id);
  // Told already (sent or suppressed, either channel), or not confirmed yet: not composed now.
  const decided = await db
    .select({ visitId: messages.queueAppointmentId, kind: messages.kind, key: messages.dedupeKey })
    .from(messages)
    .where(
      and(
        eq(messages.vendorId, scope.vendorId),
        inArray(messages.queueAppointmentId, ids),
        inArray(messages.kind, ["joined", "almost_turn"]),
      ),
    );
  const confirmed = new Set(
    decided.filter((row) => row.kind === "joined").map((row) => row.visitId),
  );
  const told = new Set(
    decided
      .filter((row) => row.kind === "almost_turn" && row.key)
      .map((row) => row.key!.slice(0, row.key!.lastIndexOf(":almost_turn:"))),
  );
  let queued = 0;
  for (const visit of close) {
    const cause = almostTurnCause(visit);
    if (!confirmed.has(visit.id) || told.has(cause)) continue;
    const drafts = await composeVisitorMessages(db, {
      queueAppointmentId: visit.id,
      kinds: ["almost_turn"],
      cause,
      site: scope.site,
      now,
    });
    queued += (await insertMessages(db, drafts)).length;
  }
  return queued;
}

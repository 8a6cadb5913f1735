// Reads what a location's lobby board shows: who is being served now — called to a desk and on
// their way, or in their meeting — (and at which desk, or by whom) and who is next (not called), among the visitors who are in the lobby — in-person walk-ins of services
// shown in the lobby. Curbside visitors wait in their cars and callbacks are not on site. Each is
// shown as the vendor's board setting says: ticket and name, name, or ticket (`board.visitor_display`).
import { and, asc, count, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { FULFILLMENT_METHODS, MEETING_METHODS } from "../../shared/domain.ts";
import type { BoardVisitorDisplay } from "../../shared/vendor-settings.ts";
import type { DbOrTx } from "../db/client.ts";
import { clients, queueAppointments, services, userLocations, users } from "../db/schema.ts";
import { boardName } from "./board-name.ts";

/**
 * How many visitors each column of the board names unless the vendor's board setting (`board.rows`)
 * says otherwise; more waiting are counted, not named.
 */
export const BOARD_ROWS = 6;

export type BoardServing = {
  /** first name and last initial; null when the board shows tickets only */
  visitor: string | null;
  /** the short ticket, the name's companion for a room that matches by number; null before tickets */
  ticket: string | null;
  state: "called" | "serving";
  /** the staff member's desk or window at this location, when they have one */
  desk: string | null;
  /** the staff member, named like a visitor; null when nobody is assigned */
  staff: string | null;
  since: string | null;
  /** the latest call or recall of a called visitor */
  lastCalledAt: string | null;
};

export type BoardWaiting = { visitor: string | null; ticket: string | null; position: number };

export type LocationBoard = {
  nowServing: BoardServing[];
  nextUp: BoardWaiting[];
  waitingCount: number;
};

const q = queueAppointments;

/** The ticket and the name a board shows of a visitor: never neither. */
function shownAs(
  display: BoardVisitorDisplay,
  row: { firstName: string; lastName: string; ticket: string | null },
): { visitor: string | null; ticket: string | null } {
  const ticket = display === "name" ? null : row.ticket;
  const named = display !== "ticket" || ticket === null;
  return { visitor: named ? boardName(row.firstName, row.lastName) : null, ticket };
}

export async function loadLocationBoard(
  db: DbOrTx,
  scope: {
    vendorId: number;
    locationId: number;
    visitorDisplay?: BoardVisitorDisplay;
    /** names per column; BOARD_ROWS when not given */
    rows?: number;
  },
): Promise<LocationBoard> {
  const { vendorId, locationId } = scope;
  const rows = scope.rows ?? BOARD_ROWS;
  const display = scope.visitorDisplay ?? "ticket_and_name";
  const onSite = and(
    eq(q.vendorId, vendorId),
    eq(q.locationId, locationId),
    eq(q.meetingMethod, MEETING_METHODS.in_person),
    eq(q.fulfillmentMethod, FULFILLMENT_METHODS.walk_in),
    eq(services.displayInLobby, true),
  );
  const called = and(eq(q.status, "waiting"), isNotNull(q.calledAt));
  const inLine = and(onSite, eq(q.status, "waiting"), isNull(q.calledAt));
  const lastCall = sql<Date | null>`coalesce(${q.recalledAt}, ${q.calledAt}, ${q.startedAt})`;
  const withService = and(eq(services.id, q.serviceId), eq(services.vendorId, vendorId));
  const withClient = and(eq(clients.id, q.clientId), eq(clients.vendorId, vendorId));

  const [serving, waiting, [total]] = await Promise.all([
    db
      .select({
        firstName: clients.firstName,
        lastName: clients.lastName,
        ticket: q.ticket,
        status: q.status,
        since: sql<Date | null>`coalesce(${q.calledAt}, ${q.startedAt})`,
        lastCalledAt: sql<Date | null>`coalesce(${q.recalledAt}, ${q.calledAt})`,
        staffFirstName: users.firstName,
        staffLastName: users.lastName,
        callDesk: q.callDesk,
        desk: userLocations.desk,
      })
      .from(q)
      .innerJoin(clients, withClient)
      .innerJoin(services, withService)
      .leftJoin(users, and(eq(users.id, q.userId), eq(users.vendorId, vendorId)))
      .leftJoin(
        userLocations,
        and(eq(userLocations.userId, q.userId), eq(userLocations.locationId, q.locationId)),
      )
      .where(and(onSite, or(eq(q.status, "in_progress"), called)))
      // The most recent call first: that is the one the people in the lobby are looking for.
      .orderBy(desc(lastCall), desc(q.id))
      .limit(rows),
    db
      .select({ firstName: clients.firstName, lastName: clients.lastName, ticket: q.ticket })
      .from(q)
      .innerJoin(clients, withClient)
      .innerJoin(services, withService)
      .where(inLine)
      .orderBy(asc(q.queuedAt), asc(q.id))
      .limit(rows),
    db.select({ count: count() }).from(q).innerJoin(services, withService).where(inLine),
  ]);

  return {
    nowServing: serving.map((row) => ({
      ...shownAs(display, row),
      state: row.status === "in_progress" ? ("serving" as const) : ("called" as const),
      desk: row.callDesk?.trim() || row.desk?.trim() || null,
      staff:
        row.staffFirstName === null ? null : boardName(row.staffFirstName, row.staffLastName ?? ""),
      since: row.since === null ? null : new Date(row.since).toISOString(),
      lastCalledAt:
        row.status === "waiting" && row.lastCalledAt !== null
          ? new Date(row.lastCalledAt).toISOString()
          : null,
    })),
    nextUp: waiting.map((row, index) => ({
      ...shownAs(display, row),
      position: index + 1,
    })),
    waitingCount: total?.count ?? 0,
  };
}

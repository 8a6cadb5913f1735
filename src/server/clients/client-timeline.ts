// GET /clients/{id}/timeline: everything that happened to a client, newest first, 50 a page — their
// visits' steps (from the walk-in's own timestamps, transfers from its history), their appointments'
// booking and audit rows (actor null: the client), the messages about either, feedback, and the
// changes and merges of the client record (its own and those of clients merged into it). One
// statement a page, whatever the client's history: a union ordered by (at, entry id) with the
// location, service and actor joined once. Visits and appointments at other locations than the
// caller's are left out, as on the other tabs.
import { type SQL, sql } from "drizzle-orm";
import type { ClientTimelineEntry } from "../../shared/contracts/client.ts";
import type { Locale } from "../../shared/domain.ts";
import type { Translation } from "../../shared/translations.ts";
import { translated } from "../../shared/translations.ts";
import { type DbOrTx, executeRows } from "../db/client.ts";
import type { ClientCaller } from "./client-scope.ts";
import { CLIENT_TAB_PAGE_SIZE } from "./client-walk-ins.ts";
import { checkInstant, decodePageCursor, encodePageCursor } from "./page-cursor.ts";

type Row = {
  entry_id: string;
  kind: ClientTimelineEntry["attributes"]["kind"];
  at: string;
  cursor_at: string;
  channel: "email" | "sms" | null;
  detail: string | null;
  qa_id: number | null;
  ap_id: number | null;
  location_name: string | null;
  time_zone: string | null;
  service_name: string | null;
  service_translations: Translation[] | null;
  actor_first: string | null;
  actor_last: string | null;
};

const APPOINTMENT_ACTIONS = [
  "booked",
  "rescheduled",
  "cancelled",
  "arrived",
  "started",
  "completed",
  "no_show",
];

/** The raw statement's form of callerLocations (client-scope.ts). */
function atCallerLocations(caller: ClientCaller, column: SQL): SQL {
  if (caller.allLocations) return sql`true`;
  if (caller.locationIds.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    caller.locationIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

export async function listClientTimeline(
  db: DbOrTx,
  caller: ClientCaller,
  options: { clientId: number; cursor: string | undefined; locale: Locale },
): Promise<{ data: ClientTimelineEntry[]; next: string | null }> {
  const cursor =
    options.cursor === undefined ? null : decodePageCursor(options.cursor, ["s", "s"] as const);
  const vendor = caller.vendorId;
  const client = options.clientId;
  const visitScope = atCallerLocations(caller, sql.raw("qa.location_id"));
  const appointmentScope = atCallerLocations(caller, sql.raw("ap.location_id"));
  const actions = sql.join(
    APPOINTMENT_ACTIONS.map((a) => sql`${a}`),
    sql`, `,
  );
  const after = cursor
    ? sql`where (e.at, e.entry_id collate "C") < (${checkInstant(cursor[0])}::timestamptz, ${cursor[1]} collate "C")`
    : sql``;
  const rows = await executeRows<Row>(
    db,
    sql`
    with qa as (
      select qa.* from queue_appointments qa
      where qa.vendor_id = ${vendor} and qa.client_id = ${client} and ${visitScope}
    ), ap as (
      select ap.* from appointments ap
      where ap.vendor_id = ${vendor} and ap.client_id = ${client} and ${appointmentScope}
    ), people as (
      select id from clients
      where vendor_id = ${vendor} and (id = ${client} or merged_into_id = ${client})
    ), e as (
      select 'visit:' || id || ':joined' as entry_id, 'visit_joined' as kind, created_at as at,
        location_id, service_id, null::int as actor, null as channel, ticket as detail,
        id as qa_id, null::int as ap_id from qa
      union all
      select 'visit:' || id || ':called', 'visit_called', called_at, location_id, service_id, null,
        null, call_desk, id, null from qa where called_at is not null
      union all
      select 'visit:' || id || ':started', 'visit_started', started_at, location_id, service_id,
        user_id, null, null, id, null from qa where started_at is not null
      union all
      select 'visit:' || id || ':' || status, 'visit_' || status, coalesce(ended_at, updated_at),
        location_id, service_id, case when status = 'completed' then user_id end, null, null, id,
        null
      from qa where status in ('completed', 'cancelled', 'no_show')
      union all
      select 'visit-event:' || ev.id, 'visit_transferred', ev.at, qa.location_id, qa.service_id,
        ev.actor_user_id, null, null, qa.id, null
      from queue_events ev join qa on qa.id = ev.queue_appointment_id
      where ev.vendor_id = ${vendor} and ev.type = 'transferred'
      union all
      select 'appointment:' || id || ':booked', 'appointment_booked', created_at, location_id,
        service_id, booked_by_user_id, null, null, null, id
      from ap where not exists (
        select 1 from audit_log al where al.vendor_id = ${vendor} and al.subject_type = 'appointment'
          and al.subject_id = ap.id and al.action = 'booked')
      union all
      select 'audit:' || al.id, 'appointment_' || al.action, al.created_at, ap.location_id,
        ap.service_id, al.actor_user_id, null, null, null, ap.id
      from audit_log al join ap on ap.id = al.subject_id
      where al.vendor_id = ${vendor} and al.subject_type = 'appointment' and al.action in (${actions})
      union all
      select 'message:' || m.id, case when m.direction = 'inbound' then 'message_received'
        else 'message_sent' end, m.created_at, coalesce(qa.location_id, ap.location_id),
        coalesce(qa.service_id, ap.service_id), null, m.channel, m.status, qa.id, ap.id
      from messages m left join qa on qa.id = m.queue_appointment_id
        left join ap on ap.id = m.appointment_id
      where m.vendor_id = ${vendor} and (qa.id is not null or ap.id is not null)
      union all
      select 'feedback:' || f.id, 'feedback', f.created_at, qa.location_id, qa.service_id, null,
        null, (f.rating_halves::float8 / 2)::text, qa.id, null
      from feedback f join qa on qa.id = f.queue_appointment_id where f.vendor_id = ${vendor}
      union all
      select 'audit:' || al.id, 'client_' || al.action, al.created_at, null, null,
        al.actor_user_id, null, null, null, null
      from audit_log al join people on people.id = al.subject_id
      where al.vendor_id = ${vendor} and al.subject_type = 'client'
        and al.action in ('updated', 'merged')
    )
    select e.entry_id, e.kind, e.channel, e.detail, e.qa_id, e.ap_id,
      to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
      to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
      l.name as location_name, l.timezone as time_zone, s.name as service_name,
      s.translations as service_translations, u.first_name as actor_first, u.last_name as actor_last
    from e
      left join locations l on l.id = e.location_id
      left join services s on s.id = e.service_id
      left join users u on u.id = e.actor
    ${after}
    order by e.at desc, e.entry_id collate "C" desc
    limit ${CLIENT_TAB_PAGE_SIZE + 1}`,
  );
  const page = rows.slice(0, CLIENT_TAB_PAGE_SIZE);
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      type: "timeline-entries",
      id: row.entry_id,
      attributes: {
        kind: row.kind,
        at: row.at,
        time_zone: row.time_zone,
        actor_name: row.actor_first ? `${row.actor_first} ${row.actor_last ?? ""}`.trim() : null,
        location_name: row.location_name,
        service_name:
          row.service_name === null
            ? null
            : translated(row.service_translations ?? [], "name", options.locale, row.service_name),
        channel: row.channel,
        detail: row.detail,
        queue_appointment_id: row.qa_id === null ? null : String(row.qa_id),
        appointment_id: row.ap_id === null ? null : String(row.ap_id),
      },
    })),
    next:
      rows.length > CLIENT_TAB_PAGE_SIZE && last
        ? encodePageCursor([last.cursor_at, last.entry_id])
        : null,
  };
}

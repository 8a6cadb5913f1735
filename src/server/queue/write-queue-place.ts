// Writes joins in a single statement: for each, the client, the queue appointment, its answers,
// the "joined" history row, its queue_appointment.joined domain event (the outbox), the
// Idempotency-Key claim and the short ticket (the next numbers of the location's day and prefix,
// one upsert per counter the batch touches, its row lock serialising statements that share it). One statement is atomic on its own and costs
// one round trip and one commit, for one join or for the batch that arrived together (see
// join-writer.ts); with a key, a place's rows are written only if its claim succeeds. The
// statement is prepared once per connection: it runs on every visitor's join.
import type { BookedThrough, Locale } from "../../shared/domain.ts";
import { type Db, queryPrepared } from "../db/client.ts";
import type { answers, CarDetails, clients, queueAppointments } from "../db/schema.ts";
import type { IdempotencyClaim } from "./idempotency-claim.ts";

export type QueuePlace = {
  vendorId: number;
  locationId: number;
  serviceId: number;
  client: {
    externalId: string | null;
    firstName: string;
    lastName: string;
    email: string | null;
    cellPhone: string | null;
    notes: string | null;
    receiveSms: boolean;
  };
  bookedThrough: BookedThrough;
  meetingMethod: number;
  fulfillmentMethod: number;
  carDetails: CarDetails | null;
  notes: string | null;
  workflowId: string | null;
  confirmCode: string;
  source: string | null;
  tracking: Record<string, string>;
  lang: Locale;
  answers: { questionId: number; value: string | number | number[] }[];
  actorUserId: number | null;
  now: Date;
  /** the short ticket's letters (the service's prefix) and the location's local day it counts in */
  ticketPrefix: string;
  ticketDate: string;
  /** where the wait-time engine placed the visitor, and the wait quoted to them (null: nobody can serve) */
  expectedStart: Date | null;
  quotedWaitSeconds: number | null;
  /**
   * with an Idempotency-Key: the key as its route and caller hold it, with the body's hash (held
   * for IDEMPOTENCY_WINDOW_MS from its place's join)
   */
  idempotency: IdempotencyClaim | null;
  /**
   * The joined event is written already claimed, for this long, by the node writing it, which
   * hands it on itself right after the commit; other nodes take it over only if it dies first.
   */
  eventLeaseMs: number;
};

/** how long an Idempotency-Key answers with its place */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export type WrittenPlace = {
  /** the id of the place's queue_appointment.joined event in the outbox */
  eventId: number;
  client: typeof clients.$inferSelect;
  appointment: typeof queueAppointments.$inferSelect;
  answers: (typeof answers.$inferSelect)[];
};

type Written = {
  ord: number;
  client_id: number;
  appointment_id: number;
  written: boolean;
  event_id: string | number | null;
  ticket: string | null;
  answer_ids: { id: number; question_id: number }[] | null;
};

/**
 * Every place of a batch, as rows of one JSON parameter; each key (the vendor's, route's and
 * caller's) is claimed unless another place holds it live, and only a place with its claim (or without a key) writes its rows. The ids are
 * drawn first so the claim can name the appointment before it exists; foreign keys are checked at
 * the end of the statement, when every row is in.
 */
const JOIN_STATEMENT = `
  with ids as materialized (
    select given.*,
      nextval('clients_id_seq')::integer as client_id,
      nextval('queue_appointments_id_seq')::integer as appointment_id
    from jsonb_to_recordset($1::jsonb) as given(
      ord integer, vendor_id integer, external_id text, first_name text, last_name text,
      email text, cell_phone text, client_notes text, lang text, receive_sms boolean, at timestamptz,
      location_id integer, service_id integer, booked_through text, meeting_method smallint,
      fulfillment_method smallint, car_details jsonb, notes text, workflow_id text,
      confirm_code text, expected_start timestamptz, quoted_wait_seconds integer, source text,
      tracking jsonb, answers jsonb, actor_user_id integer, route text, caller text, key text,
      request_hash text, lease_ms integer, ticket_prefix text, ticket_date date)
    order by given.ord
  ),
  claim as (
    insert into idempotency_keys
      (vendor_id, route, caller, key, request_hash, queue_appointment_id, created_at)
    select vendor_id, route, caller, key, request_hash, appointment_id, at
    from ids where key is not null
    on conflict (vendor_id, route, caller, key) do update
      set queue_appointment_id = excluded.queue_appointment_id, created_at = excluded.created_at,
        request_hash = excluded.request_hash
      where idempotency_keys.created_at
        < excluded.created_at - ${IDEMPOTENCY_WINDOW_MS} * interval '1 millisecond'
    returning queue_appointment_id
  ),
  ready as materialized (
    select * from ids
    where key is null or appointment_id in (select queue_appointment_id from claim)
  ),
  ticket_need as (
    select vendor_id, location_id, ticket_date, ticket_prefix, count(*)::integer as taken
    from ready group by vendor_id, location_id, ticket_date, ticket_prefix
  ),
  ticket_range as (
    insert into ticket_counters (vendor_id, location_id, local_date, prefix, last_number)
    select vendor_id, location_id, ticket_date, ticket_prefix, taken from ticket_need
    order by location_id, ticket_date, ticket_prefix
    on conflict (location_id, local_date, prefix) do update
      set last_number = ticket_counters.last_number + excluded.last_number
    returning location_id, local_date, prefix, last_number
  ),
  ticketed as (
    select ord, ticket_prefix || '-' || lpad(number::text, greatest(3, length(number::text)), '0') as ticket
    from (
      select ready.ord, ready.ticket_prefix, ticket_range.last_number - ticket_need.taken
        + row_number() over (partition by ready.location_id, ready.ticket_date, ready.ticket_prefix
          order by ready.ord)::integer as number
      from ready
      join ticket_need using (vendor_id, location_id, ticket_date, ticket_prefix)
      join ticket_range on ticket_range.location_id = ready.location_id
        and ticket_range.local_date = ready.ticket_date and ticket_range.prefix = ready.ticket_prefix
    ) as numbered
  ),
  new_client as (
    insert into clients
      (id, vendor_id, external_id, first_name, last_name, email, cell_phone, notes, lang,
       receive_sms, created_at)
    overriding system value
    select client_id, vendor_id, external_id, first_name, last_name, email, cell_phone,
      client_notes, lang, receive_sms, at
    from ready
  ),
  new_appointment as (
    insert into queue_appointments
      (id, vendor_id, location_id, service_id, client_id, status, booked_through, meeting_method,
       fulfillment_method, car_details, notes, workflow_id, confirm_code, ticket, queued_at,
       expected_start, quoted_wait_seconds, source, tracking, lang, created_at, updated_at)
    overriding system value
    select appointment_id, vendor_id, location_id, service_id, client_id, 'waiting',
      booked_through, meeting_method, fulfillment_method, car_details, notes, workflow_id,
      confirm_code, ticketed.ticket, at, expected_start, quoted_wait_seconds, source, tracking,
      lang, at, at
    from ready join ticketed using (ord)
  ),
  new_answers as (
    insert into answers (vendor_id, queue_appointment_id, question_id, value)
    select ready.vendor_id, ready.appointment_id, given.question_id, given.value
    from ready, jsonb_to_recordset(ready.answers) as given(question_id integer, value jsonb)
    returning id, queue_appointment_id, question_id
  ),
  joined_event as (
    insert into queue_events (vendor_id, queue_appointment_id, type, to_status, actor_user_id, at)
    select vendor_id, appointment_id, 'joined', 'waiting', actor_user_id, at
    from ready
  ),
  outbox as (
    insert into domain_events
      (vendor_id, type, aggregate_type, aggregate_id, payload, occurred_at, lease_until)
    select vendor_id, 'queue_appointment.joined', 'queue_appointment', appointment_id,
      jsonb_build_object('locationId', location_id, 'fromStatus', null, 'toStatus', 'waiting',
        'actorUserId', actor_user_id),
      at, now() + lease_ms * interval '1 millisecond'
    from ready
    order by ord
    returning id, aggregate_id
  )
  select ids.ord, ids.client_id, ids.appointment_id,
    exists (select 1 from ready where ready.ord = ids.ord) as written,
    (select outbox.id from outbox where outbox.aggregate_id = ids.appointment_id) as event_id,
    (select ticketed.ticket from ticketed where ticketed.ord = ids.ord) as ticket,
    (select json_agg(json_build_object('id', a.id, 'question_id', a.question_id) order by a.id)
     from new_answers a where a.queue_appointment_id = ids.appointment_id) as answer_ids
  from ids`;

// Versioned name: a changed statement gets a new name, never a stale prepared plan.
const JOIN = { name: "nextline_join_batch_v5", text: JOIN_STATEMENT };

/**
 * Writes places in one statement: one round trip, one commit. Answers per place, in order, with
 * its rows, or null when a live key is held by another place (a replay). The statement is atomic:
 * if it fails, no place of the batch is written.
 */
export async function writeQueuePlaces(
  db: Db,
  places: readonly QueuePlace[],
): Promise<(WrittenPlace | null)[]> {
  if (places.length === 0) return [];
  const rows = places.map((place, ord) => ({
    ord,
    vendor_id: place.vendorId,
    external_id: place.client.externalId,
    first_name: place.client.firstName,
    last_name: place.client.lastName,
    email: place.client.email,
    cell_phone: place.client.cellPhone,
    client_notes: place.client.notes,
    lang: place.lang,
    receive_sms: place.client.receiveSms,
    at: place.now.toISOString(),
    location_id: place.locationId,
    service_id: place.serviceId,
    booked_through: place.bookedThrough,
    meeting_method: place.meetingMethod,
    fulfillment_method: place.fulfillmentMethod,
    car_details: place.carDetails,
    notes: place.notes,
    workflow_id: place.workflowId,
    confirm_code: place.confirmCode,
    expected_start: place.expectedStart?.toISOString() ?? null,
    quoted_wait_seconds: place.quotedWaitSeconds,
    source: place.source,
    tracking: place.tracking,
    answers: place.answers.map((answer) => ({
      question_id: answer.questionId,
      value: answer.value,
    })),
    actor_user_id: place.actorUserId,
    route: place.idempotency?.route ?? null,
    caller: place.idempotency?.caller ?? null,
    key: place.idempotency?.key ?? null,
    request_hash: place.idempotency?.requestHash ?? null,
    lease_ms: place.eventLeaseMs,
    ticket_prefix: place.ticketPrefix,
    ticket_date: place.ticketDate,
  }));
  const written = await queryPrepared<Written>(db, JOIN.name, JOIN.text, [JSON.stringify(rows)]);
  const byOrd = new Map(written.map((row) => [row.ord, row]));
  return places.map((place, ord) => {
    const row = byOrd.get(ord);
    return row?.written ? placeWritten(place, row) : null;
  });
}

function placeWritten(place: QueuePlace, written: Written): WrittenPlace {
  const { client } = place;
  const answerIds = new Map((written.answer_ids ?? []).map((a) => [a.question_id, a.id]));
  return {
    eventId: Number(written.event_id),
    client: {
      id: written.client_id,
      vendorId: place.vendorId,
      ...client,
      lang: place.lang,
      version: 1,
      mergedIntoId: null,
      createdAt: place.now,
      updatedAt: place.now,
    },
    appointment: {
      id: written.appointment_id,
      vendorId: place.vendorId,
      locationId: place.locationId,
      serviceId: place.serviceId,
      clientId: written.client_id,
      userId: null,
      status: "waiting",
      bookedThrough: place.bookedThrough,
      meetingMethod: place.meetingMethod,
      fulfillmentMethod: place.fulfillmentMethod,
      carDetails: place.carDetails,
      notes: place.notes,
      workflowId: place.workflowId,
      confirmCode: place.confirmCode,
      ticket: written.ticket,
      queuedAt: place.now,
      expectedStart: place.expectedStart,
      quotedWaitSeconds: place.quotedWaitSeconds,
      actualWaitSeconds: null,
      arrivedAt: null,
      calledAt: null,
      callDesk: null,
      recallCount: 0,
      recalledAt: null,
      startedAt: null,
      endedAt: null,
      meetingLink: null,
      dialIn: null,
      source: place.source,
      tracking: place.tracking,
      lang: place.lang,
      createdAt: place.now,
      updatedAt: place.now,
    },
    answers: place.answers
      .map((answer) => ({
        id: answerIds.get(answer.questionId)!,
        vendorId: place.vendorId,
        queueAppointmentId: written.appointment_id,
        questionId: answer.questionId,
        value: answer.value,
      }))
      .sort((a, b) => a.id - b.id),
  };
}

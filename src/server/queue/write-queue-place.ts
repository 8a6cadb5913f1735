// Writes one join in a single statement: the client, the queue appointment, its answers, the
// "joined" event and the Idempotency-Key claim. One statement is atomic on its own and costs one
// round trip instead of a transaction's seven; with a key, every row is written only if the claim
// succeeds. Answers with null when a live key is held by another place (a replay). The statement
// is prepared once per connection: it runs on every visitor's join.
import type { BookedThrough, Locale } from "../../shared/domain.ts";
import { type Db, queryPrepared } from "../db/client.ts";
import type { answers, CarDetails, clients, queueAppointments } from "../db/schema.ts";

export type QueuePlace = {
  vendorId: number;
  locationId: number;
  serviceId: number;
  client: {
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
  /** where the wait-time engine placed the visitor, and the wait quoted to them (null: nobody can serve) */
  expectedStart: Date | null;
  quotedWaitSeconds: number | null;
  /** with an Idempotency-Key: the key, and the instant before which a held key has expired */
  idempotency: { key: string; cutoff: Date } | null;
};

export type WrittenPlace = {
  client: typeof clients.$inferSelect;
  appointment: typeof queueAppointments.$inferSelect;
  answers: (typeof answers.$inferSelect)[];
};

type Written =
  | {
      client_id: number;
      appointment_id: number;
      answer_ids: { id: number; question_id: number }[] | null;
    }
  | undefined;

/** The statement, numbered as `parameters` below; with a key, every insert waits on its claim. */
function joinStatement(keyed: boolean): string {
  const claimed = keyed ? "where exists (select 1 from claim)" : "";
  const claim = keyed
    ? `claim as (
        insert into idempotency_keys (vendor_id, key, queue_appointment_id, created_at)
        select $1::integer, $25::text, appointment_id, $9::timestamptz
        from ids
        on conflict (vendor_id, key) do update
          set queue_appointment_id = excluded.queue_appointment_id, created_at = excluded.created_at
          where idempotency_keys.created_at < $26::timestamptz
        returning 1
      ),`
    : "";
  // The ids are drawn first so the claim can name the appointment before it exists; foreign keys
  // are checked at the end of the statement, when every row is in.
  return `
    with ids as materialized (
      select nextval('clients_id_seq')::integer as client_id,
             nextval('queue_appointments_id_seq')::integer as appointment_id
    ),
    ${claim}
    new_client as (
      insert into clients
        (id, vendor_id, first_name, last_name, email, cell_phone, notes, lang, receive_sms, created_at)
      overriding system value
      select client_id, $1::integer, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text,
        $8::boolean, $9::timestamptz
      from ids ${claimed}
    ),
    new_appointment as (
      insert into queue_appointments
        (id, vendor_id, location_id, service_id, client_id, status, booked_through, meeting_method,
         fulfillment_method, car_details, notes, workflow_id, confirm_code, queued_at,
         expected_start, quoted_wait_seconds, source, tracking, lang, created_at, updated_at)
      overriding system value
      select appointment_id, $1::integer, $10::integer, $11::integer, client_id, 'waiting',
        $12::text, $13::smallint, $14::smallint, $15::jsonb, $16::text, $17::text, $18::text,
        $9::timestamptz, $19::timestamptz, $20::integer, $21::text, $22::jsonb, $7::text,
        $9::timestamptz, $9::timestamptz
      from ids ${claimed}
    ),
    new_answers as (
      insert into answers (vendor_id, queue_appointment_id, question_id, value)
      select $1::integer, appointment_id, given.question_id, given.value
      from ids, jsonb_to_recordset($23::jsonb) as given(question_id integer, value jsonb)
      ${claimed}
      returning id, question_id
    ),
    joined_event as (
      insert into queue_events (vendor_id, queue_appointment_id, type, to_status, actor_user_id, at)
      select $1::integer, appointment_id, 'joined', 'waiting', $24::integer, $9::timestamptz
      from ids ${claimed}
    )
    select client_id, appointment_id,
      (select json_agg(json_build_object('id', id, 'question_id', question_id) order by id)
       from new_answers) as answer_ids
    from ids ${claimed}`;
}

// Versioned names: a changed statement gets a new name, never a stale prepared plan.
const JOIN = { name: "nextline_join_v3", text: joinStatement(false) };
const KEYED_JOIN = { name: "nextline_join_keyed_v3", text: joinStatement(true) };

export async function writeQueuePlace(db: Db, place: QueuePlace): Promise<WrittenPlace | null> {
  const { client } = place;
  const parameters: unknown[] = [
    place.vendorId,
    client.firstName,
    client.lastName,
    client.email,
    client.cellPhone,
    client.notes,
    place.lang,
    client.receiveSms,
    place.now.toISOString(),
    place.locationId,
    place.serviceId,
    place.bookedThrough,
    place.meetingMethod,
    place.fulfillmentMethod,
    place.carDetails === null ? null : JSON.stringify(place.carDetails),
    place.notes,
    place.workflowId,
    place.confirmCode,
    place.expectedStart?.toISOString() ?? null,
    place.quotedWaitSeconds,
    place.source,
    JSON.stringify(place.tracking),
    JSON.stringify(
      place.answers.map((answer) => ({ question_id: answer.questionId, value: answer.value })),
    ),
    place.actorUserId,
  ];
  const key = place.idempotency;
  const statement = key ? KEYED_JOIN : JOIN;
  if (key) parameters.push(key.key, key.cutoff.toISOString());
  const rows = await queryPrepared<NonNullable<Written>>(
    db,
    statement.name,
    statement.text,
    parameters,
  );
  const written = rows[0];
  if (!written) return null;

  const answerIds = new Map((written.answer_ids ?? []).map((a) => [a.question_id, a.id]));
  return {
    client: {
      id: written.client_id,
      vendorId: place.vendorId,
      externalId: null,
      ...client,
      lang: place.lang,
      createdAt: place.now,
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
      queuedAt: place.now,
      expectedStart: place.expectedStart,
      quotedWaitSeconds: place.quotedWaitSeconds,
      actualWaitSeconds: null,
      arrivedAt: null,
      calledAt: null,
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

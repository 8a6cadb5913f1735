// Writes one join in a single statement: the client, the queue appointment, its answers, the
// "joined" event and the Idempotency-Key claim. One statement is atomic on its own and costs one
// round trip instead of a transaction's seven; with a key, every row is written only if the claim
// succeeds. Answers with null when a live key is held by another place (a replay).
import { sql } from "drizzle-orm";
import type { BookedThrough, Locale } from "../../shared/domain.ts";
import type { DbOrTx } from "../db/client.ts";
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

export async function writeQueuePlace(db: DbOrTx, place: QueuePlace): Promise<WrittenPlace | null> {
  const at = place.now.toISOString();
  const key = place.idempotency;
  // Every insert is gated on the claim: a key held by a live place writes nothing at all.
  const claimed = key ? sql`where exists (select 1 from claim)` : sql``;
  const claim = key
    ? sql`claim as (
        insert into idempotency_keys (vendor_id, key, queue_appointment_id, created_at)
        select ${place.vendorId}::integer, ${key.key}::text, appointment_id, ${at}::timestamptz
        from ids
        on conflict (vendor_id, key) do update
          set queue_appointment_id = excluded.queue_appointment_id, created_at = excluded.created_at
          where idempotency_keys.created_at < ${key.cutoff.toISOString()}::timestamptz
        returning 1
      ),`
    : sql``;
  const { client } = place;
  const answerRows = JSON.stringify(
    place.answers.map((answer) => ({ question_id: answer.questionId, value: answer.value })),
  );
  // The ids are drawn first so the claim can name the appointment before it exists; foreign keys
  // are checked at the end of the statement, when every row is in.
  const result = (await db.execute(sql`
    with ids as materialized (
      select nextval(pg_get_serial_sequence('clients', 'id'))::integer as client_id,
             nextval(pg_get_serial_sequence('queue_appointments', 'id'))::integer as appointment_id
    ),
    ${claim}
    new_client as (
      insert into clients
        (id, vendor_id, first_name, last_name, email, cell_phone, notes, lang, receive_sms, created_at)
      overriding system value
      select client_id, ${place.vendorId}::integer, ${client.firstName}::text,
        ${client.lastName}::text, ${client.email}::text, ${client.cellPhone}::text,
        ${client.notes}::text, ${place.lang}::text, ${client.receiveSms}::boolean,
        ${at}::timestamptz
      from ids ${claimed}
    ),
    new_appointment as (
      insert into queue_appointments
        (id, vendor_id, location_id, service_id, client_id, status, booked_through, meeting_method,
         fulfillment_method, car_details, notes, workflow_id, confirm_code, queued_at, source,
         tracking, lang, created_at, updated_at)
      overriding system value
      select appointment_id, ${place.vendorId}::integer, ${place.locationId}::integer,
        ${place.serviceId}::integer, client_id, 'waiting', ${place.bookedThrough}::text,
        ${place.meetingMethod}::smallint, ${place.fulfillmentMethod}::smallint,
        ${place.carDetails === null ? null : JSON.stringify(place.carDetails)}::jsonb,
        ${place.notes}::text, ${place.workflowId}::text, ${place.confirmCode}::text,
        ${at}::timestamptz, ${place.source}::text, ${JSON.stringify(place.tracking)}::jsonb,
        ${place.lang}::text, ${at}::timestamptz, ${at}::timestamptz
      from ids ${claimed}
    ),
    new_answers as (
      insert into answers (vendor_id, queue_appointment_id, question_id, value)
      select ${place.vendorId}::integer, appointment_id, given.question_id, given.value
      from ids, jsonb_to_recordset(${answerRows}::jsonb) as given(question_id integer, value jsonb)
      ${claimed}
      returning id, question_id
    ),
    joined_event as (
      insert into queue_events (vendor_id, queue_appointment_id, type, to_status, actor_user_id, at)
      select ${place.vendorId}::integer, appointment_id, 'joined', 'waiting',
        ${place.actorUserId}::integer,
        ${at}::timestamptz
      from ids ${claimed}
    )
    select client_id, appointment_id,
      (select json_agg(json_build_object('id', id, 'question_id', question_id) order by id)
       from new_answers) as answer_ids
    from ids ${claimed}`)) as unknown as { rows: Written[] };
  const written = result.rows[0];
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
      expectedStart: null,
      quotedWaitSeconds: null,
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

// joinQueue: puts a visitor in a location's line (spec §4, §5). Checks every gate and rule, has the
// wait-time engine place the visitor at the end of the line, then writes the client, the
// appointment with its expected start and the wait quoted, its answers and a "joined" event in one
// statement, shared with the joins that arrive at the same moment (join-writer.ts). The recalculation that publishes the longer line follows shortly after, off the
// request's path (it changes nobody's wait ahead). Also used by the front desk.
import { and, eq, gte } from "drizzle-orm";
import type { BookedThrough, Locale } from "../../shared/domain.ts";
import { isKioskSource } from "../../shared/queue/booking-source.ts";
import { buildJoinSchema, type JoinContext } from "../../shared/queue/join-schema.ts";
import type { AppCaches } from "../caches/app-caches.ts";
import type { Db } from "../db/client.ts";
import { idempotencyKeys, queueAppointments } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { DEFAULT_EVENT_LEASE_MS } from "../events/event-dispatcher.ts";
import { AppError } from "../http/app-error.ts";
import { jsonPointer, validationError } from "../http/json-api.ts";
import { localDateAt } from "../scheduling/local-day.ts";
import { generateConfirmCode } from "../security/confirm-code.ts";
import type { Vendor } from "../tenancy/resolve-vendor.ts";
import { type IdempotencyClaim, idempotencyKeyReused } from "./idempotency-claim.ts";
import type { JoinRows, JoinRowsReader } from "./join-catalog.ts";
import { joinWriterFor } from "./join-writer.ts";
import { loadJoinContext } from "./load-join-context.ts";
import type { QueueAppointmentRelated } from "./present-queue-appointment.ts";
import { placeJoiningVisitor } from "./wait-time/recalculate-wait-times.ts";
import { IDEMPOTENCY_WINDOW_MS } from "./write-queue-place.ts";

export type JoinQueueOptions = {
  db: Db;
  events: DomainEventBus;
  /** the app's caches: the learned durations the visitor is placed with */
  caches: AppCaches;
  now?: Date;
  vendor: Vendor;
  locationId: number;
  serviceId: number;
  /** the visitor's form data, unvalidated: JoinInput of src/shared/queue/join-schema.ts */
  input: unknown;
  bookedThrough: BookedThrough;
  source?: string | null;
  workflowId?: string | null;
  tracking?: Record<string, string>;
  /** the page's language: the visitor's, stored for notifications, unless the client names its own */
  lang: Locale;
  /** the language of error details that carry data (the closed-hours text) */
  locale: Locale;
  /** a staff member adding a walk-in at the front desk skips the gates meant for visitors */
  actor: { kind: "visitor" } | { kind: "staff"; userId: number };
  /** the request's Idempotency-Key, bound to its route, caller and body */
  idempotency?: IdempotencyClaim | null;
  /** where the location, service and questions come from (the open route's catalog); fresh reads when omitted */
  readRows?: JoinRowsReader;
  /** how long the joined event stays this node's to hand on (EVENT_LEASE_MS) */
  eventLeaseMs?: number;
  /** the JSON pointer of a field error; defaults to the flat path ("/first_name") */
  pointerOf?: (path: (string | number)[]) => string;
};

export type JoinQueueResult = {
  id: number;
  locationId: number;
  created: boolean;
  /** a new place's rows as written and placed, so the answer needs no second read; absent on a replay */
  joined?: { row: typeof queueAppointments.$inferSelect; related: QueueAppointmentRelated };
};

export async function joinQueue(options: JoinQueueOptions): Promise<JoinQueueResult> {
  const { db, vendor } = options;
  const now = options.now ?? new Date();
  const pointerOf = options.pointerOf ?? jsonPointer;
  const claim = options.idempotency ?? null;
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);

  let checked: Awaited<ReturnType<typeof checkJoin>>;
  try {
    checked = await checkJoin(options, now, pointerOf);
  } catch (error) {
    // A retry of a join that succeeded answers with that place, even if the line has since closed.
    // Only a refusal can be such a retry: a failed read (the database away) fails at once, rather
    // than spending another connection timeout on a look-up that would fail the same way.
    if (!(error instanceof AppError)) throw error;
    const replay = claim ? await replayOf(db, vendor.id, claim, cutoff) : null;
    if (replay) return { ...replay, created: false };
    throw error;
  }
  const { location, service, visitor } = checked;
  const actorUserId = options.actor.kind === "staff" ? options.actor.userId : null;
  // The client's own language wins: messages to them are sent in clients.lang.
  const lang = visitor.lang ?? options.lang;

  const scope = { vendorId: vendor.id, locationId: location.id };
  const { learnedDurations } = options.caches;
  const { expectedStart, peopleAhead } = await placeJoiningVisitor(
    options.now ? { db, learnedDurations, now: options.now } : { db, learnedDurations },
    scope,
    service.id,
  );
  const quotedWaitSeconds =
    expectedStart === null
      ? null
      : Math.max(0, Math.round((expectedStart.getTime() - now.getTime()) / 1000));

  const written = await joinWriterFor(db).write({
    vendorId: vendor.id,
    locationId: location.id,
    serviceId: service.id,
    client: {
      externalId: visitor.external_id,
      firstName: visitor.first_name,
      lastName: visitor.last_name,
      email: visitor.email,
      cellPhone: visitor.cell_phone,
      notes: visitor.client_notes,
      receiveSms: visitor.receive_sms,
    },
    bookedThrough: options.bookedThrough,
    meetingMethod: visitor.meeting_method,
    fulfillmentMethod: visitor.fulfillment_method,
    carDetails: visitor.car_details,
    notes: visitor.notes,
    workflowId: options.workflowId ?? null,
    confirmCode: generateConfirmCode(),
    // The ticket counts in the location's own day, so a line's numbers start again at its midnight.
    ticketPrefix: service.ticketPrefix,
    ticketDate: localDateAt(now, location.timezone),
    source: options.source ?? null,
    tracking: options.tracking ?? {},
    lang,
    answers: visitor.answers.map((answer) => ({
      questionId: answer.question_id,
      value: answer.value,
    })),
    actorUserId,
    now,
    expectedStart,
    quotedWaitSeconds,
    idempotency: claim,
    eventLeaseMs: options.eventLeaseMs ?? DEFAULT_EVENT_LEASE_MS,
  });
  if (!written) {
    // Another request with the same key holds a live place: answer with it.
    const replay = claim ? await replayOf(db, vendor.id, claim, cutoff) : null;
    if (!replay)
      throw new AppError("conflict", {
        code: "idempotency_conflict",
        messageId: "Errors.try_again",
      });
    return { ...replay, created: false };
  }

  const { id } = written.appointment;
  // The join's domain event was written with it, claimed by this node: the dispatcher hands it on
  // at once (the new place announced, the line recalculated: src/server/jobs/), and another node
  // only if this one dies first.
  options.events.emit("eventsRecorded", {
    committed: [
      {
        id: written.eventId,
        vendorId: vendor.id,
        type: "queue_appointment.joined",
        aggregateType: "queue_appointment",
        aggregateId: id,
        payload: { locationId: location.id, fromStatus: null, toStatus: "waiting", actorUserId },
        occurredAt: now,
      },
    ],
  });
  return {
    id,
    locationId: location.id,
    created: true,
    joined: {
      row: written.appointment,
      related: {
        client: written.client,
        service,
        location,
        user: null,
        answers: written.answers,
        feedbackGiven: false,
        peopleAhead,
      },
    },
  };
}

/** Every gate of the location and vendor, then the visitor's data under the rules they set. */
async function checkJoin(
  options: JoinQueueOptions,
  now: Date,
  pointerOf: (path: (string | number)[]) => string,
) {
  const byStaff = options.actor.kind === "staff";
  const { location, service, rows, context } = await loadJoinContext(options.db, {
    vendor: options.vendor,
    locationId: options.locationId,
    serviceId: options.serviceId,
    meetingMethod: meetingMethodOf(options.input),
    byStaff,
    throughClientView:
      options.bookedThrough === "online_queue" || options.bookedThrough === "kiosk_qr",
    kiosk: isKioskSource(options.bookedThrough),
    now,
    locale: options.locale,
    pointerOf,
    readRows: options.readRows,
  });
  const parsed = joinSchemaFor(rows, context).safeParse(options.input);
  if (!parsed.success) throw validationError(parsed.error.issues, pointerOf);
  return { location, service, visitor: parsed.data };
}

type JoinSchema = ReturnType<typeof buildJoinSchema>;
/**
 * Built schemas per catalog answer and vendor settings: building one compiles it on first use,
 * which costs more than the check itself, and a cached answer serves many joins.
 */
const joinSchemas = new WeakMap<JoinRows, Map<string, JoinSchema>>();

function joinSchemaFor(rows: JoinRows, context: JoinContext): JoinSchema {
  // Everything in the context that does not come from the rows themselves.
  const key = JSON.stringify([
    // a minimal kiosk form's join asks the same questions, none of them required
    context.questions.map((question) => question.required),
    context.contactOptions,
    context.features,
    context.kiosk,
    context.clientView,
  ]);
  let byKey = joinSchemas.get(rows);
  if (!byKey) {
    byKey = new Map();
    joinSchemas.set(rows, byKey);
  }
  let schema = byKey.get(key);
  if (!schema) {
    schema = buildJoinSchema(context);
    byKey.set(key, schema);
  }
  return schema;
}

function meetingMethodOf(input: unknown): number {
  const value = (input as { meeting_method?: unknown } | null)?.meeting_method;
  return value === 2 || value === 3 ? value : 1;
}

/**
 * The live place this caller's key holds on this route, or null. The same key with another body is
 * refused rather than answered with a place that is not what was asked for.
 */
async function replayOf(db: Db, vendorId: number, claim: IdempotencyClaim, cutoff: Date) {
  const [row] = await db
    .select({
      id: queueAppointments.id,
      locationId: queueAppointments.locationId,
      requestHash: idempotencyKeys.requestHash,
    })
    .from(idempotencyKeys)
    .innerJoin(queueAppointments, eq(queueAppointments.id, idempotencyKeys.queueAppointmentId))
    .where(
      and(
        eq(idempotencyKeys.vendorId, vendorId),
        eq(idempotencyKeys.route, claim.route),
        eq(idempotencyKeys.caller, claim.caller),
        eq(idempotencyKeys.key, claim.key),
        gte(idempotencyKeys.createdAt, cutoff),
      ),
    );
  if (!row) return null;
  if (row.requestHash !== claim.requestHash) throw idempotencyKeyReused();
  return { id: row.id, locationId: row.locationId };
}

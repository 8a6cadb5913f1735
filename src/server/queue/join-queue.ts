// joinQueue: puts a visitor in a location's line (spec §4, §5). Checks every gate and rule, writes
// the client, the appointment, its answers and a "joined" event in one statement, then has the
// wait-time engine place the visitor and record the wait quoted to them. Also used by the front desk.
import { and, eq, gte } from "drizzle-orm";
import type { BookedThrough, Locale } from "../../shared/domain.ts";
import { isKioskSource } from "../../shared/queue/booking-source.ts";
import { buildJoinSchema } from "../../shared/queue/join-schema.ts";
import type { Db } from "../db/client.ts";
import { idempotencyKeys, queueAppointments } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { AppError } from "../http/app-error.ts";
import { jsonPointer, validationError } from "../http/json-api.ts";
import type { Vendor } from "../tenancy/resolve-vendor.ts";
import { generateConfirmCode } from "./confirm-code.ts";
import { loadJoinContext } from "./load-join-context.ts";
import type { QueueAppointmentRelated } from "./present-queue-appointment.ts";
import { quotedWaitSeconds, recalculateWaitTimes } from "./wait-time/recalculate-wait-times.ts";
import { writeQueuePlace } from "./write-queue-place.ts";

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export type JoinQueueOptions = {
  db: Db;
  events: DomainEventBus;
  /** failures after commit (the wait-time recalculation) are logged, not thrown: the visitor is in line */
  logger?: { error(details: object, message: string): void };
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
  /** the visitor's language, stored for notifications */
  lang: Locale;
  /** the language of error details that carry data (the closed-hours text) */
  locale: Locale;
  /** a staff member adding a walk-in at the front desk skips the gates meant for visitors */
  actor: { kind: "visitor" } | { kind: "staff"; userId: number };
  idempotencyKey?: string | null;
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
  const key = options.idempotencyKey ?? null;
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);

  if (key) {
    const replay = await findByIdempotencyKey(db, vendor.id, key, cutoff);
    if (replay) return { ...replay, created: false };
  }

  const byStaff = options.actor.kind === "staff";
  const meetingMethod = meetingMethodOf(options.input);
  const { location, service, context } = await loadJoinContext(db, {
    vendor,
    locationId: options.locationId,
    serviceId: options.serviceId,
    meetingMethod,
    byStaff,
    throughClientView:
      options.bookedThrough === "online_queue" || options.bookedThrough === "kiosk_qr",
    kiosk: isKioskSource(options.bookedThrough),
    now,
    locale: options.locale,
    pointerOf,
  });
  const parsed = buildJoinSchema(context).safeParse(options.input);
  if (!parsed.success) throw validationError(parsed.error.issues, pointerOf);
  const visitor = parsed.data;
  const actorUserId = options.actor.kind === "staff" ? options.actor.userId : null;

  const written = await writeQueuePlace(db, {
    vendorId: vendor.id,
    locationId: location.id,
    serviceId: service.id,
    client: {
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
    source: options.source ?? null,
    tracking: options.tracking ?? {},
    lang: options.lang,
    answers: visitor.answers.map((answer) => ({
      questionId: answer.question_id,
      value: answer.value,
    })),
    actorUserId,
    now,
    idempotency: key ? { key, cutoff } : null,
  });
  if (!written) {
    // Another request with the same key holds a live place: answer with it.
    const replay = key ? await findByIdempotencyKey(db, vendor.id, key, cutoff) : null;
    if (!replay)
      throw new AppError("conflict", {
        code: "idempotency_conflict",
        messageId: "Errors.try_again",
      });
    return { ...replay, created: false };
  }

  const { id } = written.appointment;
  const placed = await afterJoin(options, { id, locationId: location.id, now });
  return {
    id,
    locationId: location.id,
    created: true,
    joined: {
      row: { ...written.appointment, ...placed },
      related: {
        client: written.client,
        service,
        location,
        user: null,
        answers: written.answers,
        feedbackGiven: false,
      },
    },
  };
}

function meetingMethodOf(input: unknown): number {
  const value = (input as { meeting_method?: unknown } | null)?.meeting_method;
  return value === 2 || value === 3 ? value : 1;
}

async function findByIdempotencyKey(db: Db, vendorId: number, key: string, cutoff: Date) {
  const [row] = await db
    .select({ id: queueAppointments.id, locationId: queueAppointments.locationId })
    .from(idempotencyKeys)
    .innerJoin(queueAppointments, eq(queueAppointments.id, idempotencyKeys.queueAppointmentId))
    .where(
      and(
        eq(idempotencyKeys.vendorId, vendorId),
        eq(idempotencyKeys.key, key),
        gte(idempotencyKeys.createdAt, cutoff),
      ),
    );
  return row ?? null;
}

/**
 * After commit: place the visitor in the line (the recalculation also stores the wait quoted to
 * them) and announce the change. Resolves with the expected start and quote as placed.
 */
async function afterJoin(
  options: JoinQueueOptions,
  joined: { id: number; locationId: number; now: Date },
): Promise<{ expectedStart: Date | null; quotedWaitSeconds: number | null }> {
  const { db, events, vendor } = options;
  let placed = { expectedStart: null as Date | null, quotedWaitSeconds: null as number | null };
  try {
    const entries = await recalculateWaitTimes(
      options.now ? { db, events, now: options.now } : { db, events },
      { vendorId: vendor.id, locationId: joined.locationId },
      { id: joined.id, joinedAt: joined.now },
    );
    const expected =
      entries.find((entry) => entry.id === String(joined.id))?.attributes.expected_start ?? null;
    placed = {
      expectedStart: expected === null ? null : new Date(expected),
      quotedWaitSeconds: quotedWaitSeconds(expected, joined.now),
    };
  } catch (error) {
    options.logger?.error(
      { err: error, queueAppointmentId: joined.id },
      "wait-time recalculation after join failed",
    );
  }
  events.emit("queueAppointmentChanged", {
    vendorId: vendor.id,
    locationId: joined.locationId,
    queueAppointmentId: joined.id,
    change: "created",
  });
  return placed;
}

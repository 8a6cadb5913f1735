// Builds one planned demo visit (client, queue place, status events) at a location, choosing
// meeting method, fulfilment, channel and staff the way the branch and service allow.
import { type BookedThrough, type QueueStatus, ROLES } from "../../../shared/domain.ts";
import { eventTypeFor, type QueueEventType } from "../../../shared/queue/queue-transitions.ts";
import { generateConfirmCode } from "../../security/confirm-code.ts";
import type { CarDetails, clients, queueAppointments } from "../schema.ts";
import type { DemoLocation, DemoService, InsertedVendor } from "./demo-vendor.ts";
import { demoVisitor } from "./demo-visitors.ts";
import type { SeededRandom } from "./seeded-random.ts";

export type PlannedVisit = {
  client: Omit<typeof clients.$inferInsert, "vendorId">;
  appointment: Omit<typeof queueAppointments.$inferInsert, "vendorId" | "clientId"> & {
    confirmCode: string;
  };
  events: {
    type: QueueEventType;
    fromStatus: QueueStatus | null;
    toStatus: QueueStatus;
    at: Date;
    actorUserId: number | null;
  }[];
  answers: { questionId: number; value: string | number | number[] }[];
  feedback: { ratingHalves: number; experience: string | null } | null;
};

export type Service = { id: number; definition: DemoService };
export type Server = InsertedVendor["staff"][number];

const CARS: readonly CarDetails[] = [
  { make: "Toyota", model: "RAV4", colour: "Silver", parking_space: "3" },
  { make: "Honda", model: "Civic", colour: "Blue", parking_space: "7" },
  { make: "Ford", model: "F-150", colour: "Black", parking_space: "2" },
  { make: "Tesla", model: "Model 3", colour: "White", parking_space: "5" },
];

export type VisitTimes = {
  queuedAt: Date;
  calledAt?: Date;
  startedAt?: Date;
  /** when the visit reached its final status (completed, cancelled or no-show) */
  endedAt?: Date;
};

export type VisitChoices = {
  meetingMethod?: 1 | 2 | 3;
  /** undefined lets the builder decide where the service and branch allow both */
  curbside?: boolean | undefined;
  quotedWaitSeconds: number;
  server?: Server | undefined;
};

export function createVisitBuilder(
  vendor: InsertedVendor,
  location: { id: number; definition: DemoLocation },
  random: SeededRandom,
) {
  const place = location.definition;
  const servers = vendor.staff.filter(
    (s) =>
      s.definition.roleLevel >= ROLES.staff &&
      s.definition.locations.some((l) => l.location === place.externalId),
  );
  const serversFor = (service: Service) =>
    servers.filter(
      (s) => !s.definition.services || s.definition.services.includes(service.definition.key),
    );
  const offered = place.services
    .map((key) => vendor.services.get(key))
    .filter((s): s is Service => s !== undefined && serversFor(s).length > 0);
  const hasKiosk = vendor.staff.some(
    (s) =>
      s.definition.roleLevel === ROLES.kiosk &&
      s.definition.locations.some((l) => l.location === place.externalId),
  );
  const walkIn = offered.filter((s) => s.definition.supportsWalkin !== false);
  const remote = offered.filter((s) => s.definition.remote);

  const methods = [
    place.supportsInPerson !== false ? 1 : null,
    place.supportsPhone !== false ? 2 : null,
    place.supportsVideo !== false ? 3 : null,
  ].filter((m): m is 1 | 2 | 3 => m !== null);

  function visit(
    service: Service,
    status: QueueStatus,
    times: VisitTimes,
    choices: VisitChoices,
  ): PlannedVisit {
    const client = demoVisitor(place.country, place.phone, random);
    const curbside =
      service.definition.supportsWalkin === false ||
      (choices.curbside ??
        (place.supportsCurbsidePickup === true &&
          service.definition.supportsCurbsidePickup === true &&
          random.chance(0.25)));
    const meetingMethod =
      curbside || !service.definition.remote ? 1 : (choices.meetingMethod ?? random.pick(methods));
    const bookedThrough: BookedThrough =
      meetingMethod !== 1 || curbside
        ? "online_queue"
        : random.pick(
            hasKiosk
              ? (["online_queue", "lobby", "kiosk", "kiosk_qr"] as const)
              : (["online_queue", "lobby"] as const),
          );
    const server =
      choices.server ?? (status === "cancelled" ? undefined : random.pick(serversFor(service)));
    const actorUserId = server?.id ?? null;
    // The same event types the queue commands record (joined, started, completed, …).
    const events: PlannedVisit["events"] = [
      {
        type: "joined",
        fromStatus: null,
        toStatus: "waiting",
        at: times.queuedAt,
        actorUserId: null,
      },
    ];
    const change = (from: QueueStatus, to: QueueStatus, at: Date, actor: number | null) =>
      events.push({
        type: eventTypeFor(from, to),
        fromStatus: from,
        toStatus: to,
        at,
        actorUserId: actor,
      });
    if (times.startedAt) change("waiting", "in_progress", times.startedAt, actorUserId);
    if (times.endedAt && status !== "waiting" && status !== "in_progress") {
      const from = times.startedAt ? "in_progress" : "waiting";
      change(from, status, times.endedAt, status === "cancelled" ? null : actorUserId);
    }
    const lastChange = events[events.length - 1]!.at;
    return {
      client: { ...client, createdAt: times.queuedAt },
      appointment: {
        locationId: location.id,
        serviceId: service.id,
        userId: status === "waiting" || status === "cancelled" ? null : actorUserId,
        status,
        bookedThrough,
        meetingMethod,
        fulfillmentMethod: curbside ? 2 : 1,
        carDetails: curbside ? random.pick(CARS) : null,
        confirmCode: generateConfirmCode(),
        queuedAt: times.queuedAt,
        // Only a visitor still waiting has an expected start; the queue clears it once served.
        expectedStart:
          status === "waiting"
            ? new Date(times.queuedAt.getTime() + choices.quotedWaitSeconds * 1000)
            : null,
        quotedWaitSeconds: choices.quotedWaitSeconds,
        actualWaitSeconds: times.startedAt
          ? Math.round((times.startedAt.getTime() - times.queuedAt.getTime()) / 1000)
          : null,
        // Curbside visitors and those who joined in the branch are already there.
        arrivedAt: curbside || bookedThrough !== "online_queue" ? times.queuedAt : null,
        calledAt: times.calledAt ?? null,
        startedAt: times.startedAt ?? null,
        endedAt: times.endedAt ?? null,
        lang: client.lang ?? "en",
        createdAt: times.queuedAt,
        updatedAt: lastChange,
      },
      events,
      answers: [],
      feedback: null,
    };
  }

  const answersFor = (service: Service): PlannedVisit["answers"] =>
    vendor.questions
      .filter(
        (q) =>
          q.definition.services.length === 0 ||
          q.definition.services.includes(service.definition.key),
      )
      .flatMap((q): PlannedVisit["answers"] => {
        if (q.definition.type === "text" || q.definition.type === "textarea") {
          return q.definition.sampleAnswer
            ? [{ questionId: q.id, value: q.definition.sampleAnswer }]
            : [];
        }
        if (q.optionIds.length === 0) return [];
        if (q.definition.type === "checkbox") {
          const chosen = q.optionIds.filter(() => random.chance(0.5));
          return [{ questionId: q.id, value: chosen.length ? chosen : [q.optionIds[0]!] }];
        }
        return [{ questionId: q.id, value: random.pick(q.optionIds) }];
      });

  return { place, servers, serversFor, offered, walkIn, remote, methods, visit, answersFor };
}

// Plans the demo queue at one location: visitors waiting now, one being served, and a history
// of finished visits on earlier open days, each with the status changes it went through.
import { type BookedThrough, type QueueStatus, ROLES, WEEKDAYS } from "../../../shared/domain.ts";
import { dayRange, localTime, zonedInstant } from "../../../shared/opening-hours.ts";
import { eventTypeFor, type QueueEventType } from "../../../shared/queue/queue-transitions.ts";
import { generateConfirmCode } from "../../queue/confirm-code.ts";
import type { CarDetails, clients, queueAppointments } from "../schema.ts";
import type { DemoLocation, DemoService } from "./demo-vendor.ts";
import { demoVisitor } from "./demo-visitors.ts";
import type { InsertedVendor } from "./insert-demo-vendor.ts";
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

type Service = { id: number; definition: DemoService };
type Server = InsertedVendor["staff"][number];

const MINUTE = 60_000;
const CARS: readonly CarDetails[] = [
  { make: "Toyota", model: "RAV4", colour: "Silver", parking_space: "3" },
  { make: "Honda", model: "Civic", colour: "Blue", parking_space: "7" },
  { make: "Ford", model: "F-150", colour: "Black", parking_space: "2" },
  { make: "Tesla", model: "Model 3", colour: "White", parking_space: "5" },
];
const NOTES = [
  "I am also depositing a cheque for my daughter.",
  "Please call me when it is my turn; I will be at the café next door.",
];
const EXPERIENCES = [
  "Quick and friendly service.",
  "The wait was a little long, but the advisor was very helpful.",
  "Everything was explained clearly.",
];

export function planVisitsAt(
  vendor: InsertedVendor,
  location: { id: number; definition: DemoLocation },
  now: Date,
  random: SeededRandom,
): PlannedVisit[] {
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
  if (offered.length === 0) return [];
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
    /** endedAt is when the visit reached its final status (completed, cancelled or no-show) */
    times: { queuedAt: Date; calledAt?: Date; startedAt?: Date; endedAt?: Date },
    choices: {
      meetingMethod?: 1 | 2 | 3;
      curbside?: boolean;
      quotedWaitSeconds: number;
      server?: Server;
    },
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

  const planned: PlannedVisit[] = [];
  const minutesOf = (service: Service) => service.definition.durationMinutes ?? 15;

  // Visitors waiting now: the newest joined a minute or few ago, the others a few minutes apart.
  if (place.waitingVisitors > 0) {
    const joinTimes: Date[] = [];
    let at = now.getTime() - random.int(1, 4) * MINUTE;
    for (let i = 0; i < place.waitingVisitors; i++) {
      joinTimes.unshift(new Date(at));
      at -= random.int(3, 8) * MINUTE;
    }
    // One visitor is already with a staff member; they joined before everyone still waiting.
    const beingServed = random.pick(walkIn.length ? walkIn : offered);
    const servedQueuedAt = new Date(at - random.int(2, 6) * MINUTE);
    // Started after joining, and recently enough that the meeting is still going on.
    const sinceJoined = Math.floor((now.getTime() - servedQueuedAt.getTime()) / MINUTE);
    const longestElapsed = Math.max(2, Math.min(minutesOf(beingServed) - 1, sinceJoined - 2));
    const startedAt = new Date(now.getTime() - random.int(2, longestElapsed) * MINUTE);
    const inProgress = visit(
      beingServed,
      "in_progress",
      { queuedAt: servedQueuedAt, calledAt: new Date(startedAt.getTime() - MINUTE), startedAt },
      {
        meetingMethod: 1,
        curbside: false,
        quotedWaitSeconds: random.int(5, 15) * 60,
        server: serversFor(beingServed)[0],
      },
    );
    inProgress.answers = answersFor(beingServed);
    planned.push(inProgress);

    let workAheadSeconds = minutesOf(beingServed) * 60;
    for (const [i, queuedAt] of joinTimes.entries()) {
      const curbsideOnly = offered.find((s) => s.definition.supportsWalkin === false);
      let service = random.pick(offered);
      let meetingMethod: 1 | 2 | 3 | undefined;
      let curbside: boolean | undefined = false;
      if (i === 0 && place.supportsCurbsidePickup && curbsideOnly) {
        service = curbsideOnly;
        curbside = true;
      } else if ((i === 1 || i === 2) && remote.length) {
        service = random.pick(remote);
        const wanted = i === 1 ? 2 : 3;
        meetingMethod = methods.includes(wanted) ? wanted : methods[0];
      } else if (service.definition.supportsWalkin === false) {
        curbside = true;
      } else {
        curbside = undefined;
      }
      const quotedWaitSeconds = Math.round(workAheadSeconds / servers.length / 60) * 60;
      const waiting = visit(
        service,
        "waiting",
        { queuedAt },
        { meetingMethod, curbside, quotedWaitSeconds },
      );
      if (i % 2 === 0) waiting.answers = answersFor(service);
      if (i === 3) waiting.appointment.notes = random.pick(NOTES);
      planned.push(waiting);
      workAheadSeconds += minutesOf(service) * 60;
    }
  }

  // Finished visits on earlier open days, within opening hours, so durations can be learned.
  const slots = historySlots(place, now, place.completedVisits + 2, random);
  for (const [index, queuedAt] of slots.entries()) {
    const service = random.pick(offered);
    const waitSeconds = random.int(1, 25) * 60 + random.int(0, 59);
    const quotedWaitSeconds = Math.round((waitSeconds * (0.7 + random.next() * 0.6)) / 60) * 60;
    const calledAt = new Date(queuedAt.getTime() + waitSeconds * 1000 - random.int(20, 90) * 1000);
    if (index === 3) {
      const closedAt = new Date(queuedAt.getTime() + random.int(5, 20) * MINUTE);
      planned.push(
        visit(service, "cancelled", { queuedAt, endedAt: closedAt }, { quotedWaitSeconds }),
      );
      continue;
    }
    if (index === 7) {
      const closedAt = new Date(calledAt.getTime() + 3 * MINUTE);
      planned.push(
        visit(service, "no_show", { queuedAt, calledAt, endedAt: closedAt }, { quotedWaitSeconds }),
      );
      continue;
    }
    const startedAt = new Date(queuedAt.getTime() + waitSeconds * 1000);
    const serviceSeconds = Math.round(minutesOf(service) * 60 * (0.6 + random.next() * 0.8));
    const endedAt = new Date(startedAt.getTime() + serviceSeconds * 1000);
    const completed = visit(
      service,
      "completed",
      { queuedAt, calledAt, startedAt, endedAt },
      { quotedWaitSeconds },
    );
    if (random.chance(0.3)) {
      completed.feedback = {
        ratingHalves: random.pick([6, 7, 8, 8, 9, 10, 10]),
        experience: random.chance(0.6) ? random.pick(EXPERIENCES) : null,
      };
    }
    planned.push(completed);
  }
  return planned;
}

/** `count` join times on the open days before today (local), 2–5 a day, inside opening hours. */
function historySlots(place: DemoLocation, now: Date, count: number, random: SeededRandom): Date[] {
  const today = localTime(now, place.timezone).date;
  const slots: Date[] = [];
  for (let back = 1; slots.length < count && back <= 90; back++) {
    const date = shiftDate(today, -back);
    const range = dayRange(place.hours[weekdayOf(date)] ?? null);
    if (!range) continue;
    const latest = Math.max(range.open, range.closed - 60);
    const visitsThatDay = Math.min(count - slots.length, random.int(2, 5));
    const minutes = Array.from({ length: visitsThatDay }, () =>
      random.int(range.open, latest),
    ).sort((a, b) => a - b);
    for (const minute of minutes) {
      slots.push(
        new Date(zonedInstant(date, minute, place.timezone).getTime() + random.int(0, 59) * 1000),
      );
    }
  }
  return slots;
}

function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function weekdayOf(date: string) {
  return WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!;
}

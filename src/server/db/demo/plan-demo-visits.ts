// Plans the demo queue at one location: visitors waiting now, one being served, and a history
// of finished visits on earlier open days, each with the status changes it went through.
import type { DemoLocation, InsertedVendor } from "./demo-vendor.ts";
import { createVisitBuilder, type PlannedVisit, type Service } from "./demo-visit-builder.ts";
import { historySlots } from "./history-slots.ts";
import type { SeededRandom } from "./seeded-random.ts";

const MINUTE = 60_000;
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
  const { place, servers, serversFor, offered, walkIn, remote, methods, visit, answersFor } =
    createVisitBuilder(vendor, location, random);
  if (offered.length === 0) return [];
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

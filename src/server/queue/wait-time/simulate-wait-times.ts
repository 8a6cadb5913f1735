// The wait-time engine: simulates the rest of the day over plain data (no database, no clock) and
// says when each waiting visitor is expected to start. docs/wait-time-engine.md explains the model.
import {
  clipIntervals,
  subtractIntervals,
  type TimeInterval,
} from "../../scheduling/time-intervals.ts";

/** One staff member on shift at the location. */
export type Lane = {
  staffId: number;
  /** the services this staff member can serve, or "all" */
  serviceIds: readonly number[] | "all";
  /** when the staff member is there for the rest of the day: shifts minus breaks (epoch ms) */
  available: readonly TimeInterval[];
  /** a visitor in progress holds the lane until this instant; null when the lane is free */
  busyUntil: number | null;
};

/** A booked appointment of a staff member: their lane is taken for [start, end). */
export type LaneBlock = { staffId: number; start: number; end: number };

export type WaitingVisitor = { id: number; serviceId: number };

export type WaitTimeSimulationInput = {
  /** epoch ms; nothing starts before it */
  now: number;
  /** in tie-break order: of two lanes that can start a visitor at the same instant, the first wins */
  lanes: readonly Lane[];
  blocks: readonly LaneBlock[];
  /** in queue order */
  waiting: readonly WaitingVisitor[];
  /** minutes per service id; every service of a waiting visitor or probe must have one */
  durationMinutes: ReadonlyMap<number, number>;
  /** services to ask about: when would one more visitor, appended to the line, start? */
  probeServiceIds?: readonly number[];
};

export type SimulatedVisit = {
  id: number;
  /** epoch ms; null when no lane can fit the service in before the end of its day */
  expectedStart: number | null;
  /** index into `lanes` of the lane that serves the visitor; -1 when expectedStart is null */
  laneIndex: number;
};

export type WaitTimeSimulation = {
  /** one per waiting visitor, in queue order */
  visits: SimulatedVisit[];
  /** one per probe service, in the order asked: the start of a hypothetical visitor, or null */
  probes: (number | null)[];
  /**
   * Appends one more visitor of `serviceId` to the end of the line, as if they had been waiting
   * last, and says when they would start (null: no lane can fit them in today). Each call places
   * after the previous ones, exactly as a rerun with the longer line would. Services without a
   * usable duration in the input answer `undefined`. Placing at the end moves nobody ahead.
   */
  append: (serviceId: number) => number | null | undefined;
};

/**
 * Greedy list scheduling: each visitor in queue order takes the lane that can start them earliest
 * (ties to the earlier lane). A lane's clock only moves forward: a lane serves its visitors in
 * queue order, as "call next" does, and never goes back to fill a gap it skipped.
 */
export function simulateWaitTimes(input: WaitTimeSimulationInput): WaitTimeSimulation {
  const { now, lanes, waiting } = input;
  const laneCount = lanes.length;
  const free = freeTimeOfLanes(input);

  const serviceIndex = new Map<number, number>();
  const indexOf = (serviceId: number) => {
    let index = serviceIndex.get(serviceId);
    if (index === undefined) {
      index = serviceIndex.size;
      serviceIndex.set(serviceId, index);
    }
    return index;
  };
  // Every service with a usable duration gets an index, so `append` can place any of them.
  for (const [serviceId, minutes] of input.durationMinutes) {
    if (minutes > 0 && Number.isFinite(minutes)) indexOf(serviceId);
  }
  const visitorService = new Int32Array(waiting.length);
  for (let v = 0; v < waiting.length; v++) visitorService[v] = indexOf(waiting[v]!.serviceId);
  const probeServiceIds = input.probeServiceIds ?? [];
  const probeService = probeServiceIds.map(indexOf);

  const serviceCount = serviceIndex.size;
  const durationMs = new Float64Array(serviceCount);
  for (const [serviceId, index] of serviceIndex) {
    const minutes = input.durationMinutes.get(serviceId);
    if (minutes === undefined || !(minutes > 0) || !Number.isFinite(minutes)) {
      throw new RangeError(`wait-time simulation: no usable duration for service ${serviceId}`);
    }
    durationMs[index] = Math.round(minutes * 60_000); // whole ms keep every instant exact
  }
  const canServe = new Uint8Array(laneCount * serviceCount);
  for (let l = 0; l < laneCount; l++) {
    const serviceIds = lanes[l]!.serviceIds;
    if (serviceIds === "all") {
      canServe.fill(1, l * serviceCount, (l + 1) * serviceCount);
    } else {
      for (const serviceId of serviceIds) {
        const index = serviceIndex.get(serviceId);
        if (index !== undefined) canServe[l * serviceCount + index] = 1;
      }
    }
  }

  // Each lane's clock (when it is next free) and the first of its free intervals still ahead.
  const clock = new Float64Array(laneCount).fill(now);
  const cursor = free.offsets.slice(0, laneCount);
  const { starts, ends, offsets } = free;

  /** The best lane for a visit of `duration` of service `service`; writes the start to `found[0]`. */
  const found = new Float64Array(1);
  const bestLane = (service: number, duration: number): number => {
    let best = Number.POSITIVE_INFINITY;
    let chosen = -1;
    for (let l = 0; l < laneCount; l++) {
      if (canServe[l * serviceCount + service] === 0) continue;
      const laneClock = clock[l]!;
      const last = offsets[l + 1]!;
      for (let i = cursor[l]!; i < last; i++) {
        const start = Math.max(starts[i]!, laneClock);
        if (start >= best) break; // later intervals only start later: this lane cannot win
        if (start + duration <= ends[i]!) {
          best = start;
          chosen = l;
          break;
        }
      }
    }
    found[0] = best;
    return chosen;
  };

  /** Places the next visitor of `service` in line: the lane it takes (or -1); the start in `found[0]`. */
  const place = (service: number): number => {
    const duration = durationMs[service]!;
    const lane = bestLane(service, duration);
    if (lane < 0) return lane;
    const laneClock = found[0]! + duration;
    clock[lane] = laneClock;
    let i = cursor[lane]!;
    while (i < offsets[lane + 1]! && ends[i]! <= laneClock) i++;
    cursor[lane] = i;
    return lane;
  };

  const visits: SimulatedVisit[] = new Array(waiting.length);
  for (let v = 0; v < waiting.length; v++) {
    const lane = place(visitorService[v]!);
    visits[v] =
      lane < 0
        ? { id: waiting[v]!.id, expectedStart: null, laneIndex: -1 }
        : { id: waiting[v]!.id, expectedStart: found[0]!, laneIndex: lane };
  }

  const probes = probeService.map((service) => {
    const lane = bestLane(service, durationMs[service]!);
    return lane < 0 ? null : found[0]!;
  });
  const append = (serviceId: number): number | null | undefined => {
    const service = serviceIndex.get(serviceId);
    if (service === undefined || service >= serviceCount) return undefined;
    return place(service) < 0 ? null : found[0]!;
  };
  return { visits, probes, append };
}

type FlatFreeTime = { starts: Float64Array; ends: Float64Array; offsets: Int32Array };

/**
 * Each lane's free time from max(now, busy-until) to the end of its availability, minus its
 * bookings, flattened into typed arrays: lane l owns entries offsets[l] to offsets[l + 1] - 1.
 */
function freeTimeOfLanes(input: WaitTimeSimulationInput): FlatFreeTime {
  const blocksByStaff = new Map<number, TimeInterval[]>();
  for (const block of input.blocks) {
    const list = blocksByStaff.get(block.staffId);
    if (list) list.push(block);
    else blocksByStaff.set(block.staffId, [block]);
  }
  const perLane = input.lanes.map((lane) => {
    const from = Math.max(input.now, lane.busyUntil ?? input.now);
    const available = clipIntervals(lane.available, from, Number.POSITIVE_INFINITY);
    return subtractIntervals(available, blocksByStaff.get(lane.staffId) ?? []);
  });
  const total = perLane.reduce((sum, list) => sum + list.length, 0);
  const starts = new Float64Array(total);
  const ends = new Float64Array(total);
  const offsets = new Int32Array(input.lanes.length + 1);
  let k = 0;
  for (let l = 0; l < perLane.length; l++) {
    offsets[l] = k;
    for (const interval of perLane[l]!) {
      starts[k] = interval.start;
      ends[k] = interval.end;
      k++;
    }
  }
  offsets[perLane.length] = k;
  return { starts, ends, offsets };
}

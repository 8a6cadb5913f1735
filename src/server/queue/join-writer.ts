// Writes the joins of a busy moment together. A join is written at once while fewer than
// JOIN_WRITES_IN_FLIGHT statements are on their way; the joins that arrive meanwhile wait for one
// to come back and are then written as one statement (writeQueuePlaces): one round trip and one
// commit for all of them instead of one each, so the database spends its time on rows rather
// than on statements. A quiet line adds no wait; a busy one adds at most one statement's time.
//
// Nothing is acknowledged before its statement commits, and the statement is atomic: if it fails,
// none of its joins was written. When it fails on one place's data (a rule of the database
// broken, SQLSTATE class 22 or 23), each place of the batch is written on its own, so only that
// one fails. When it fails otherwise (the database away, or not answering), the joins waiting
// behind it fail with it at once (a 503 the visitor's retry recovers from), as a join on its own
// would have. Two joins with the same Idempotency-Key (of one vendor, route and caller) never
// share a statement: the second waits for the next, where it finds the key held (a replay, or a
// refusal when its body differs).
import type { Db } from "../db/client.ts";
import { type QueuePlace, type WrittenPlace, writeQueuePlaces } from "./write-queue-place.ts";

/** statements writing joins at once, per database; the rest of the pool serves reads */
export const JOIN_WRITES_IN_FLIGHT = 2;
/** joins written by one statement at most */
export const JOIN_BATCH_MAX = 64;

type Pending = {
  place: QueuePlace;
  resolve: (written: WrittenPlace | null) => void;
  reject: (error: unknown) => void;
};

export type JoinWriter = {
  /** the place's rows once committed, or null when a live key is held by another place */
  write(place: QueuePlace): Promise<WrittenPlace | null>;
};

const writers = new WeakMap<Db, JoinWriter>();

/** The join writer of this database (one per database, shared by every request). */
export function joinWriterFor(db: Db): JoinWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = createJoinWriter(db);
    writers.set(db, writer);
  }
  return writer;
}

export function createJoinWriter(
  db: Db,
  options: {
    inFlight?: number;
    batchMax?: number;
    writePlaces?: (db: Db, places: readonly QueuePlace[]) => Promise<(WrittenPlace | null)[]>;
  } = {},
): JoinWriter {
  const maxInFlight = options.inFlight ?? JOIN_WRITES_IN_FLIGHT;
  const batchMax = options.batchMax ?? JOIN_BATCH_MAX;
  const writePlaces = options.writePlaces ?? writeQueuePlaces;
  let waiting: Pending[] = [];
  let inFlight = 0;

  /** the next batch: in arrival order, at most batchMax, no key of one vendor, route and caller twice */
  const take = (): Pending[] => {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const keys = new Set<string>();
    for (const pending of waiting) {
      const { idempotency, vendorId } = pending.place;
      // A key is printable ASCII without spaces, and neither route nor caller holds a line break.
      const key = idempotency
        ? `${vendorId}\n${idempotency.route}\n${idempotency.caller}\n${idempotency.key}`
        : null;
      if (batch.length >= batchMax || (key !== null && keys.has(key))) {
        rest.push(pending);
        continue;
      }
      if (key !== null) keys.add(key);
      batch.push(pending);
    }
    waiting = rest;
    return batch;
  };

  const writeAlone = async (pending: Pending) => {
    try {
      const [written] = await writePlaces(db, [pending.place]);
      pending.resolve(written ?? null);
    } catch (error) {
      pending.reject(error);
    }
  };

  const run = async (batch: Pending[]) => {
    try {
      const written = await writePlaces(
        db,
        batch.map((pending) => pending.place),
      );
      for (const [i, pending] of batch.entries()) pending.resolve(written[i] ?? null);
    } catch (error) {
      if (brokeARuleOfTheData(error)) {
        if (batch.length > 1) await Promise.all(batch.map(writeAlone));
        else batch[0]!.reject(error);
        return;
      }
      // The database did not take it (away, or not answering): the joins waiting behind it fail
      // with it, at once, rather than each wait out another connection timeout.
      const stranded = waiting;
      waiting = [];
      for (const pending of [...batch, ...stranded]) pending.reject(error);
    }
  };

  const pump = () => {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const batch = take();
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  return {
    write(place) {
      return new Promise((resolve, reject) => {
        waiting.push({ place, resolve, reject });
        pump();
      });
    },
  };
}

/** a data exception (22) or an integrity constraint violation (23): one row's fault, not the database's */
function brokeARuleOfTheData(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("23"));
}

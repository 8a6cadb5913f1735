import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQuestion } from "../../../test/factories/questions.ts";
import { openTestDatabase } from "../../../test/test-database.ts";
import type { Database, Db } from "../db/client.ts";
import {
  answers,
  clients,
  idempotencyKeys,
  queueAppointments,
  queueEvents,
  ticketCounters,
} from "../db/schema.ts";
import { generateConfirmCode } from "../security/confirm-code.ts";
import type { IdempotencyClaim } from "./idempotency-claim.ts";
import { createJoinWriter } from "./join-writer.ts";
import { createBranch } from "./wait-time/wait-time-test-factory.ts";
import { type QueuePlace, type WrittenPlace, writeQueuePlaces } from "./write-queue-place.ts";

const db = {} as Db;

function place(
  n: number,
  key: string | null = null,
  claim: Partial<Omit<IdempotencyClaim, "key">> = {},
): QueuePlace {
  return {
    vendorId: 1,
    locationId: 1,
    serviceId: 1,
    client: {
      externalId: null,
      firstName: `Visitor ${n}`,
      lastName: "Example",
      email: null,
      cellPhone: null,
      notes: null,
      receiveSms: false,
    },
    bookedThrough: "online_queue",
    meetingMethod: 1,
    fulfillmentMethod: 1,
    carDetails: null,
    notes: null,
    workflowId: null,
    confirmCode: generateConfirmCode(),
    ticketPrefix: "A",
    ticketDate: "2026-11-27",
    source: null,
    tracking: {},
    lang: "en",
    answers: [],
    actorUserId: null,
    now: new Date(),
    expectedStart: null,
    quotedWaitSeconds: null,
    idempotency:
      key === null
        ? null
        : { route: "open.join", caller: "csrf:one", requestHash: "same-body", ...claim, key },
    eventLeaseMs: 30_000,
  };
}

/** A stand-in for the statement: records each batch and lets the test decide when it returns. */
function recordingWriter() {
  const batches: { names: string[]; finish: (error?: unknown) => void }[] = [];
  const writePlaces = (_db: Db, places: readonly QueuePlace[]) =>
    new Promise<(WrittenPlace | null)[]>((resolve, reject) => {
      batches.push({
        names: places.map((p) => p.client.firstName),
        finish: (error) =>
          error
            ? reject(error)
            : resolve(places.map((p) => ({ client: { firstName: p.client.firstName } }) as never)),
      });
    });
  return { batches, writePlaces };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("createJoinWriter", () => {
  it("writes a join at once when nothing is on its way, and those arriving meanwhile together", async () => {
    const { batches, writePlaces } = recordingWriter();
    const writer = createJoinWriter(db, { inFlight: 1, writePlaces });
    const first = writer.write(place(1));
    expect(batches.map((b) => b.names)).toEqual([["Visitor 1"]]);
    const later = [2, 3, 4].map((n) => writer.write(place(n)));
    await settle();
    expect(batches).toHaveLength(1);
    batches[0]!.finish();
    expect((await first)?.client.firstName).toBe("Visitor 1");
    await settle();
    expect(batches.map((b) => b.names)).toEqual([
      ["Visitor 1"],
      ["Visitor 2", "Visitor 3", "Visitor 4"],
    ]);
    batches[1]!.finish();
    expect((await Promise.all(later)).map((w) => w?.client.firstName)).toEqual([
      "Visitor 2",
      "Visitor 3",
      "Visitor 4",
    ]);
  });

  it("keeps several statements on their way, each batch at most batchMax joins", async () => {
    const { batches, writePlaces } = recordingWriter();
    const writer = createJoinWriter(db, { inFlight: 2, batchMax: 2, writePlaces });
    const all = [1, 2, 3, 4, 5, 6].map((n) => writer.write(place(n)));
    expect(batches.map((b) => b.names)).toEqual([["Visitor 1"], ["Visitor 2"]]);
    batches[0]!.finish();
    await settle();
    expect(batches[2]!.names).toEqual(["Visitor 3", "Visitor 4"]);
    batches[1]!.finish();
    await settle();
    expect(batches[3]!.names).toEqual(["Visitor 5", "Visitor 6"]);
    batches[2]!.finish();
    batches[3]!.finish();
    expect(await Promise.all(all)).toHaveLength(6);
  });

  it("never puts two joins with the same key in one statement", async () => {
    const { batches, writePlaces } = recordingWriter();
    const writer = createJoinWriter(db, { inFlight: 1, writePlaces });
    const all = [
      writer.write(place(1)),
      writer.write(place(2, "same")),
      writer.write(place(3, "same")),
      writer.write(place(4, "other")),
    ];
    batches[0]!.finish();
    await settle();
    expect(batches[1]!.names).toEqual(["Visitor 2", "Visitor 4"]);
    batches[1]!.finish();
    await settle();
    expect(batches[2]!.names).toEqual(["Visitor 3"]);
    batches[2]!.finish();
    await Promise.all(all);
  });

  it("puts one key of two callers, or of two routes, in one statement: they are different keys", async () => {
    const { batches, writePlaces } = recordingWriter();
    const writer = createJoinWriter(db, { inFlight: 1, writePlaces });
    const all = [
      writer.write(place(1)),
      writer.write(place(2, "same", { caller: "csrf:one" })),
      writer.write(place(3, "same", { caller: "csrf:two" })),
      writer.write(place(4, "same", { caller: "csrf:one", route: "lobby.walk-in" })),
      writer.write(place(5, "same", { caller: "csrf:one" })),
    ];
    batches[0]!.finish();
    await settle();
    expect(batches[1]!.names).toEqual(["Visitor 2", "Visitor 3", "Visitor 4"]);
    batches[1]!.finish();
    await settle();
    expect(batches[2]!.names).toEqual(["Visitor 5"]);
    batches[2]!.finish();
    await Promise.all(all);
  });

  it("writes each join alone when the batch broke a rule of the data, so only the faulty one fails", async () => {
    const calls: string[][] = [];
    const writer = createJoinWriter(db, {
      inFlight: 1,
      writePlaces: async (_db, places) => {
        const names = places.map((p) => p.client.firstName);
        calls.push(names);
        // the first call is the lone first join, held until the others queue up
        if (calls.length === 1) await settle();
        if (names.includes("Visitor 3"))
          throw Object.assign(new Error("foreign key"), { code: "23503" });
        return places.map(() => null);
      },
    });
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => writer.write(place(n))));
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect(calls).toEqual([
      ["Visitor 1"],
      ["Visitor 2", "Visitor 3", "Visitor 4"],
      ["Visitor 2"],
      ["Visitor 3"],
      ["Visitor 4"],
    ]);
  });

  it("fails the batch, and the joins waiting behind it, at once when the database is away", async () => {
    const { batches, writePlaces } = recordingWriter();
    const writer = createJoinWriter(db, { inFlight: 1, writePlaces });
    const all = [1, 2, 3].map((n) => writer.write(place(n)));
    expect(batches).toHaveLength(1);
    batches[0]!.finish(new Error("timeout exceeded when trying to connect"));
    const results = await Promise.allSettled(all);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    await settle();
    expect(batches).toHaveLength(1);
    // the next join is written at once
    const next = writer.write(place(4));
    expect(batches.map((b) => b.names)).toEqual([["Visitor 1"], ["Visitor 4"]]);
    batches[1]!.finish();
    expect((await next)?.client.firstName).toBe("Visitor 4");
  });
});

describe("writeQueuePlaces on the database", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("writes a batch in one statement, each place with its own rows, answers and key", async () => {
    const branch = await createBranch(database.db);
    const serviceId = await branch.addService();
    const question = await createQuestion(database.db, branch.scope.vendorId, {
      type: "text",
      serviceIds: [serviceId],
    });
    const at = (n: number, key: string | null, answer: string | null): QueuePlace => ({
      ...place(n, key),
      ...branch.scope,
      serviceId,
      answers: answer === null ? [] : [{ questionId: question.id, value: answer }],
    });
    const held = `held-${generateConfirmCode()}`;
    const [holder] = await writeQueuePlaces(database.db, [at(0, held, null)]);
    expect(holder).not.toBeNull();

    const batch = [at(1, null, "first"), at(2, held, "replay"), at(3, "fresh", "third")];
    const written = await writeQueuePlaces(database.db, batch);

    expect(written[1]).toBeNull();
    const [one, , three] = written;
    expect(one?.client.firstName).toBe("Visitor 1");
    expect(three?.client.firstName).toBe("Visitor 3");
    const ids = [one!.appointment.id, three!.appointment.id];
    const rows = await database.db
      .select({
        id: queueAppointments.id,
        clientId: queueAppointments.clientId,
        code: queueAppointments.confirmCode,
      })
      .from(queueAppointments)
      .where(inArray(queueAppointments.id, ids))
      .orderBy(queueAppointments.id);
    expect(rows).toEqual([
      { id: ids[0], clientId: one!.client.id, code: batch[0]!.confirmCode },
      { id: ids[1], clientId: three!.client.id, code: batch[2]!.confirmCode },
    ]);
    const names = await database.db
      .select({ firstName: clients.firstName })
      .from(clients)
      .where(inArray(clients.id, [one!.client.id, three!.client.id]));
    expect(names.map((n) => n.firstName).sort()).toEqual(["Visitor 1", "Visitor 3"]);
    const stored = await database.db
      .select({ id: answers.id, appointment: answers.queueAppointmentId, value: answers.value })
      .from(answers)
      .where(inArray(answers.queueAppointmentId, ids))
      .orderBy(answers.queueAppointmentId);
    expect(stored).toEqual([
      { id: one!.answers[0]!.id, appointment: ids[0], value: "first" },
      { id: three!.answers[0]!.id, appointment: ids[1], value: "third" },
    ]);
    const events = await database.db
      .select({ appointment: queueEvents.queueAppointmentId })
      .from(queueEvents)
      .where(inArray(queueEvents.queueAppointmentId, ids));
    expect(events).toHaveLength(2);
    // the replayed key still names the first holder's place
    const [claim] = await database.db
      .select({ appointment: idempotencyKeys.queueAppointmentId })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, held));
    expect(claim?.appointment).toBe(holder!.appointment.id);
  });

  it("binds a key to its route and caller: another caller's same key writes its own place", async () => {
    const branch = await createBranch(database.db);
    const serviceId = await branch.addService();
    const key = `bound-${generateConfirmCode()}`;
    const at = (n: number, claim: Partial<Omit<IdempotencyClaim, "key">>): QueuePlace => ({
      ...place(n, key, claim),
      ...branch.scope,
      serviceId,
    });
    const [mine] = await writeQueuePlaces(database.db, [at(1, { caller: "csrf:mine" })]);
    const written = await writeQueuePlaces(database.db, [
      at(2, { caller: "csrf:theirs", requestHash: "their-body" }),
      at(3, { caller: "user:7", route: "lobby.walk-in" }),
      at(4, { caller: "csrf:mine" }),
    ]);
    expect(mine).not.toBeNull();
    expect(written.map((w) => w?.client.firstName ?? null)).toEqual([
      "Visitor 2",
      "Visitor 3",
      null,
    ]);
    const claims = await database.db
      .select({
        route: idempotencyKeys.route,
        caller: idempotencyKeys.caller,
        requestHash: idempotencyKeys.requestHash,
        appointment: idempotencyKeys.queueAppointmentId,
      })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key))
      .orderBy(idempotencyKeys.queueAppointmentId);
    expect(claims).toEqual([
      {
        route: "open.join",
        caller: "csrf:mine",
        requestHash: "same-body",
        appointment: mine!.appointment.id,
      },
      {
        route: "open.join",
        caller: "csrf:theirs",
        requestHash: "their-body",
        appointment: written[0]!.appointment.id,
      },
      {
        route: "lobby.walk-in",
        caller: "user:7",
        requestHash: "same-body",
        appointment: written[1]!.appointment.id,
      },
    ]);
  });

  it("stores the client's external id and language", async () => {
    const branch = await createBranch(database.db);
    const serviceId = await branch.addService();
    const base = place(1);
    const [written] = await writeQueuePlaces(database.db, [
      {
        ...base,
        ...branch.scope,
        serviceId,
        client: { ...base.client, externalId: "crm-42" },
        lang: "pt-BR",
      },
    ]);
    const [row] = await database.db
      .select({ externalId: clients.externalId, lang: clients.lang })
      .from(clients)
      .where(eq(clients.id, written!.client.id));
    expect(row).toEqual({ externalId: "crm-42", lang: "pt-BR" });
    expect(written!.client).toMatchObject({ externalId: "crm-42", lang: "pt-BR" });
  });

  it("writes nothing of the batch when one place breaks a rule of the data", async () => {
    const branch = await createBranch(database.db);
    const serviceId = await branch.addService();
    const good = { ...place(1), ...branch.scope, serviceId };
    const bad = { ...place(2), ...branch.scope, serviceId: 2_000_000_000 };
    await expect(writeQueuePlaces(database.db, [good, bad])).rejects.toMatchObject({
      code: "23503",
    });
    const found = await database.db
      .select({ id: queueAppointments.id })
      .from(queueAppointments)
      .where(eq(queueAppointments.confirmCode, good.confirmCode));
    expect(found).toEqual([]);
  });
});

describe("short tickets", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const ticketsOf = (written: (WrittenPlace | null)[]) =>
    written.map((w) => w?.appointment.ticket ?? null);

  it("numbers a location's day per prefix, in the batch's order, and stores the ticket", async () => {
    const branch = await createBranch(database.db);
    const serviceId = await branch.addService();
    const at = (n: number, ticketPrefix: string, ticketDate = "2030-03-12"): QueuePlace => ({
      ...place(n),
      ...branch.scope,
      serviceId,
      ticketPrefix,
      ticketDate,
    });
    const first = await writeQueuePlaces(database.db, [at(1, "A"), at(2, "B"), at(3, "A")]);
    expect(ticketsOf(first)).toEqual(["A-001", "B-001", "A-002"]);
    const second = await writeQueuePlaces(database.db, [at(4, "A"), at(5, "A", "2030-03-13")]);
    expect(ticketsOf(second)).toEqual(["A-003", "A-001"]);
    const [row] = await database.db
      .select({ ticket: queueAppointments.ticket })
      .from(queueAppointments)
      .where(eq(queueAppointments.id, second[0]!.appointment.id));
    expect(row).toEqual({ ticket: "A-003" });

    // Another location's day has numbers of its own.
    const other = await createBranch(database.db);
    const otherService = await other.addService();
    const [elsewhere] = await writeQueuePlaces(database.db, [
      { ...at(6, "A"), ...other.scope, serviceId: otherService },
    ]);
    expect(elsewhere?.appointment.ticket).toBe("A-001");
  });

  it("writes the number past 999 in full rather than cutting it", async () => {
    const branch = await createBranch(database.db);
    const serviceId = await branch.addService();
    await database.db.insert(ticketCounters).values({
      ...branch.scope,
      localDate: "2030-03-12",
      prefix: "Q",
      lastNumber: 998,
    });
    const at = (n: number): QueuePlace => ({
      ...place(n),
      ...branch.scope,
      serviceId,
      ticketPrefix: "Q",
      ticketDate: "2030-03-12",
    });
    expect(ticketsOf(await writeQueuePlaces(database.db, [at(1), at(2)]))).toEqual([
      "Q-999",
      "Q-1000",
    ]);
  });

  it("gives no number to a replayed key, nor to a batch that failed", async () => {
    const branch = await createBranch(database.db);
    const serviceId = await branch.addService();
    const at = (n: number, key: string | null = null): QueuePlace => ({
      ...place(n, key),
      ...branch.scope,
      serviceId,
    });
    const key = `held-${generateConfirmCode()}`;
    expect(ticketsOf(await writeQueuePlaces(database.db, [at(1, key)]))).toEqual(["A-001"]);
    expect(ticketsOf(await writeQueuePlaces(database.db, [at(2, key), at(3)]))).toEqual([
      null,
      "A-002",
    ]);
    const bad = { ...at(4), serviceId: 2_000_000_000 };
    await expect(writeQueuePlaces(database.db, [at(5), bad])).rejects.toMatchObject({
      code: "23503",
    });
    expect(ticketsOf(await writeQueuePlaces(database.db, [at(6)]))).toEqual(["A-003"]);
  });

  it("never gives two concurrent joins the same ticket, batched or not", async () => {
    const branch = await createBranch(database.db);
    const serviceId = await branch.addService();
    const at = (n: number): QueuePlace => ({ ...place(n), ...branch.scope, serviceId });
    const writer = createJoinWriter(database.db, { inFlight: 2, batchMax: 7 });
    const written = await Promise.all([
      ...Array.from({ length: 40 }, (_, n) => writer.write(at(n))),
      // Beside the writer, statements of their own: the counter serialises them all.
      ...Array.from({ length: 10 }, (_, n) =>
        writeQueuePlaces(database.db, [at(100 + n), at(200 + n)]).then(([a]) => a ?? null),
      ),
    ]);
    const rows = await database.db
      .select({ ticket: queueAppointments.ticket })
      .from(queueAppointments)
      .where(eq(queueAppointments.locationId, branch.locationId));
    const tickets = rows.map((row) => row.ticket).sort();
    expect(tickets).toHaveLength(60);
    expect(tickets).toEqual(
      Array.from({ length: 60 }, (_, i) => `A-${String(i + 1).padStart(3, "0")}`),
    );
    expect(written.every((w) => w?.appointment.ticket)).toBe(true);
  });
});

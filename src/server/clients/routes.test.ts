// The back office's clients API on the real app, at a fixed instant: search (names in either order,
// prefixes, any case, email, a national phone number read as E.164, external ids; merged clients
// left out; 50 a page by cursor), the location scope of roles below Manager, editing under the
// visitor form's rules with If-Match and its audit row, the walk-ins, appointments and timeline tabs
// (newest first, cursor pages without gaps), and merging a duplicate.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  addAppointment,
  addClient,
  addFeedback,
  addMessage,
  addWalkIn,
} from "../../../test/factories/clients.ts";
import { createService } from "../../../test/factories/services.ts";
import { createStaffWorld, type StaffWorld } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { auditLog, clients, queueAppointments } from "../db/schema.ts";
import { type StaffClient, staffClient } from "../lobby/lobby-test-world.ts";

const NOW = new Date("2026-11-20T15:00:00Z");
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

let t: Awaited<ReturnType<typeof buildTestApp>>;
let home: StaffWorld;
let other: StaffWorld;
let manager: StaffClient;
let staff: StaffClient;
let staffPlus: StaffClient;
let serviceId: number;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  t = await buildTestApp({ seed: false });
  home = await createStaffWorld(t.db);
  other = await createStaffWorld(t.db);
  manager = await staffClient(t.app, home.staff[ROLES.manager], home.vendor.host);
  staff = await staffClient(t.app, home.staff[ROLES.staff], home.vendor.host);
  staffPlus = await staffClient(t.app, home.staff[ROLES.staff_plus], home.vendor.host);
  serviceId = (
    await createService(t.db, home.vendor.id, {
      locationIds: home.locations.map((l) => l.id),
      name: "Accounts",
    })
  ).id;
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const vendorId = () => home.vendor.id;
const first = () => home.locations[0].id;
const second = () => home.locations[1].id;
const ids = (response: { json(): { data: { id: string }[] } }) =>
  response.json().data.map((row) => row.id);
const visitAt = (clientId: number, locationId: number, minutes: number) =>
  addWalkIn(t.db, {
    vendorId: vendorId(),
    locationId,
    serviceId,
    clientId,
    createdAt: minutesAgo(minutes),
  });

describe("search", () => {
  it("finds a client by name in either order, by prefix and in any case, best matches first", async () => {
    const anna = await addClient(t.db, vendorId(), { firstName: "Anna", lastName: "Zyskowska" });
    const annabel = await addClient(t.db, vendorId(), {
      firstName: "Annabel",
      lastName: "Zyskowski",
    });
    const zyta = await addClient(t.db, vendorId(), { firstName: "Zyta", lastName: "Annan" });
    await visitAt(anna.id, first(), 30);
    const search = (term: string) =>
      manager.get(`/clients?search=${encodeURIComponent(term)}`).then(ids);
    expect(await search("anna zyskowska")).toEqual([String(anna.id)]);
    expect(await search("ZYSKOWSKA, Anna")).toEqual([String(anna.id)]);
    expect(await search("ann zysk")).toEqual([String(anna.id), String(annabel.id)]);
    // the exact first name, then a last name beginning so, then first names beginning so
    expect(await search("anna")).toEqual([String(anna.id), String(zyta.id), String(annabel.id)]);
    expect(await search("zyskowsk")).toEqual([String(anna.id), String(annabel.id)]);
    const found = (await manager.get("/clients?search=Anna%20Zyskowska")).json().data[0];
    expect(found.attributes).toMatchObject({
      visits: 1,
      appointments: 0,
      last_seen_at: minutesAgo(30).toISOString(),
    });
  });

  it("finds by email, by a phone number typed as people type it, and by external id", async () => {
    const client = await addClient(t.db, vendorId(), {
      firstName: "Piotr",
      lastName: "Nowak",
      email: "Piotr.Nowak@Example.com",
      cellPhone: "+14165550177",
      externalId: "CRM-991",
    });
    const search = (term: string) =>
      manager.get(`/clients?search=${encodeURIComponent(term)}`).then(ids);
    expect(await search("piotr.nowak@example.com")).toEqual([String(client.id)]);
    expect(await search("piotr.nowak@")).toEqual([String(client.id)]);
    expect(await search("(416) 555-0177")).toEqual([String(client.id)]);
    expect(await search("+1 416 555 0177")).toEqual([String(client.id)]);
    expect(await search("5550177")).toEqual([String(client.id)]);
    expect(await search("CRM-991")).toEqual([String(client.id)]);
    // what no column can hold is refused, not searched
    for (const term of ["a%00b", "%00"]) {
      const refused = await manager.get(`/clients?search=${term}`);
      expect(refused.statusCode, term).toBe(422);
      expect(refused.json().errors[0].source.parameter).toBe("search");
    }
    const [row] = (await manager.get("/clients?search=CRM-991")).json().data;
    expect(row.attributes.cell_phone_formatted).toBe("(416) 555-0177");
  });

  it("lists every current client by name without a term", async () => {
    const response = await manager.get("/clients");
    expect(response.statusCode, response.body).toBe(200);
    const names = response
      .json()
      .data.map((c: { attributes: { last_name: string } }) => c.attributes.last_name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it("pages 50 at a time by cursor without repeating or losing a client, and refuses a forged cursor", async () => {
    for (let i = 0; i < 53; i++) {
      await addClient(t.db, vendorId(), { firstName: `P${i}`, lastName: "Pagerson" });
    }
    const one = await manager.get("/clients?search=pagerson");
    expect(one.json().data).toHaveLength(50);
    const next = one.json().links.next as string;
    expect(next).toMatch(/^\/api\/internal\/v1\/clients\?search=pagerson&page%5Bcursor%5D=/);
    const two = await manager.get(next.replace("/api/internal/v1", ""));
    expect(two.json().data).toHaveLength(3);
    expect(two.json().links.next).toBeNull();
    expect(new Set([...ids(one), ...ids(two)]).size).toBe(53);
    const forged = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString("base64url");
    for (const cursor of [
      "nope",
      forged(["c1", 0, "a"]),
      forged(["c1", 0, "a", "b", 2 ** 40]),
      forged(["c1", -1, "a", "b", 1]),
    ]) {
      const bad = await manager.get(`/clients?search=pagerson&page[cursor]=${cursor}`);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0].source.parameter).toBe("page[cursor]");
    }
  });

  it("shows roles below Manager only clients seen at their locations, and another vendor's to nobody", async () => {
    const here = await addClient(t.db, vendorId(), { firstName: "Here", lastName: "Scopewell" });
    const there = await addClient(t.db, vendorId(), { firstName: "There", lastName: "Scopewell" });
    await visitAt(here.id, first(), 10);
    await visitAt(here.id, second(), 20);
    await visitAt(there.id, second(), 10);
    const theirs = await addClient(t.db, other.vendor.id, { lastName: "Scopewell" });
    expect(await manager.get("/clients?search=scopewell").then(ids)).toEqual([
      String(here.id),
      String(there.id),
    ]);
    const seen = (await staff.get("/clients?search=scopewell")).json().data;
    expect(seen.map((c: { id: string }) => c.id)).toEqual([String(here.id)]);
    // the visit elsewhere is not theirs to count
    expect(seen[0].attributes.visits).toBe(1);
    expect((await staff.get(`/clients/${there.id}`)).statusCode).toBe(404);
    expect((await staff.get(`/clients/${there.id}/timeline`)).statusCode).toBe(404);
    expect((await manager.get(`/clients/${theirs.id}`)).statusCode).toBe(404);
    expect((await staff.get(`/clients/${here.id}/walk-ins`)).json().data).toHaveLength(1);
    expect((await manager.get(`/clients/${here.id}/walk-ins`)).json().data).toHaveLength(2);
  });
});

describe("editing", () => {
  it("changes contact details under If-Match with the visitor form's rules, audited", async () => {
    const client = await addClient(t.db, vendorId(), { firstName: "Edit", lastName: "Me" });
    const got = await manager.get(`/clients/${client.id}`);
    expect(got.headers.etag).toBe('"1"');
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "not an email" }, "/data/attributes/email"],
      [{ cell_phone: "4165550100" }, "/data/attributes/cell_phone"],
      [{ cell_phone: "+12" }, "/data/attributes/cell_phone"],
      [{ first_name: "  " }, "/data/attributes/first_name"],
      [{ colour: "red" }, "/data/attributes/colour"],
    ];
    for (const [attributes, pointer] of cases) {
      const refused = await manager.patch(`/clients/${client.id}`, {
        data: { type: "clients", attributes },
      });
      expect(refused.statusCode, JSON.stringify(attributes)).toBe(422);
      expect(refused.json().errors[0].source.pointer).toBe(pointer);
      expect(refused.json().errors[0].detail).toBeTruthy();
    }
    const saved = await manager.patch(`/clients/${client.id}`, {
      data: {
        type: "clients",
        attributes: {
          email: " edit@example.com ",
          cell_phone: "+1 (416) 555-0142",
          notes: "Prefers mornings",
          receive_sms: true,
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe('"2"');
    expect(saved.json().data.attributes).toMatchObject({
      email: "edit@example.com",
      cell_phone: "+14165550142",
      notes: "Prefers mornings",
      receive_sms: true,
      version: 2,
      updated_at: NOW.toISOString(),
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "client"), eq(auditLog.subjectId, client.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "updated",
      actorUserId: home.staff[ROLES.manager].id,
    });
    expect((audit[0]!.before as { email: string | null }).email).toBeNull();
    expect((audit[0]!.after as { cell_phone: string }).cell_phone).toBe("+14165550142");
  });

  it("answers a stale version with 409 and the client as it is now; staff below Staff+ may not edit", async () => {
    const client = await addClient(t.db, vendorId(), { firstName: "Stale", lastName: "Version" });
    await visitAt(client.id, first(), 5);
    await manager.patch(`/clients/${client.id}`, {
      data: { type: "clients", attributes: { notes: "first" } },
    });
    const stale = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/clients/${client.id}`,
      headers: { ...(await headersOf("manager")), "if-match": '"1"' },
      payload: { data: { type: "clients", attributes: { notes: "second" } } },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].code).toBe("version_conflict");
    expect(stale.json().meta.current.attributes.notes).toBe("first");
    const denied = await staff.patch(`/clients/${client.id}`, {
      data: { type: "clients", attributes: { notes: "x" } },
    });
    expect(denied.statusCode).toBe(403);
    const allowed = await staffPlus.patch(`/clients/${client.id}`, {
      data: { type: "clients", attributes: { notes: "by staff plus" } },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

async function headersOf(role: "manager") {
  const { signInAs } = await import("../../../test/factories/staff.ts");
  const session = await signInAs(t.app, home.staff[ROLES[role]], home.vendor.host);
  return { host: home.vendor.host, cookie: session.cookie, "x-csrf-token": session.csrfToken };
}

describe("a client's tabs", () => {
  it("lists walk-ins with location, service, staff, wait and feedback, newest first", async () => {
    const client = await addClient(t.db, vendorId(), { lastName: "Walker" });
    const served = await addWalkIn(t.db, {
      vendorId: vendorId(),
      locationId: first(),
      serviceId,
      clientId: client.id,
      createdAt: minutesAgo(120),
      status: "completed",
      startedAt: minutesAgo(100),
      endedAt: minutesAgo(90),
      userId: home.staff[ROLES.staff].id,
      ticket: "A-007",
    });
    await addFeedback(t.db, {
      vendorId: vendorId(),
      queueAppointmentId: served.id,
      ratingHalves: 8,
      createdAt: minutesAgo(80),
    });
    const waiting = await visitAt(client.id, second(), 10);
    const page = (await manager.get(`/clients/${client.id}/walk-ins`)).json();
    expect(page.data.map((v: { id: string }) => v.id)).toEqual([
      String(waiting.id),
      String(served.id),
    ]);
    expect(page.data[1].attributes).toMatchObject({
      ticket: "A-007",
      status: "completed",
      location_name: home.locations[0].name,
      service_name: "Accounts",
      staff_name: expect.any(String),
      wait_seconds: 20 * 60,
      feedback_rating: 4,
      completed_at: minutesAgo(90).toISOString(),
      time_zone: "America/Toronto",
    });
    expect(page.links.next).toBeNull();
  });

  it("lists booked appointments newest first, in pages of 50", async () => {
    const client = await addClient(t.db, vendorId(), { lastName: "Booker" });
    for (let i = 0; i < 52; i++) {
      await addAppointment(t.db, {
        vendorId: vendorId(),
        locationId: first(),
        serviceId,
        clientId: client.id,
        startsAt: new Date(NOW.getTime() + i * 24 * 3600_000),
        createdAt: minutesAgo(60),
      });
    }
    const one = (await manager.get(`/clients/${client.id}/appointments`)).json();
    expect(one.data).toHaveLength(50);
    expect(one.data[0].attributes.client.id).toBe(String(client.id));
    const two = (await manager.get(one.links.next.replace("/api/internal/v1", ""))).json();
    expect(two.data).toHaveLength(2);
    const starts = [...one.data, ...two.data].map((a: { attributes: { start: string } }) =>
      Date.parse(a.attributes.start),
    );
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(new Set(starts).size).toBe(52);
  });

  it("tells a client's history newest first: visits, bookings, their audit rows, messages, feedback and edits", async () => {
    const client = await addClient(t.db, vendorId(), { firstName: "Tim", lastName: "Line" });
    const visit = await addWalkIn(t.db, {
      vendorId: vendorId(),
      locationId: first(),
      serviceId,
      clientId: client.id,
      createdAt: minutesAgo(300),
      status: "completed",
      startedAt: minutesAgo(290),
      endedAt: minutesAgo(280),
    });
    await addMessage(t.db, {
      vendorId: vendorId(),
      locationId: first(),
      queueAppointmentId: visit.id,
      createdAt: minutesAgo(299),
    });
    await addMessage(t.db, {
      vendorId: vendorId(),
      locationId: first(),
      queueAppointmentId: visit.id,
      direction: "inbound",
      createdAt: minutesAgo(295),
    });
    await addFeedback(t.db, {
      vendorId: vendorId(),
      queueAppointmentId: visit.id,
      ratingHalves: 9,
      createdAt: minutesAgo(270),
    });
    const booked = await addAppointment(t.db, {
      vendorId: vendorId(),
      locationId: second(),
      serviceId,
      clientId: client.id,
      startsAt: new Date(NOW.getTime() + 86_400_000),
      createdAt: minutesAgo(200),
    });
    await t.db.insert(auditLog).values({
      vendorId: vendorId(),
      actorUserId: null,
      subjectType: "appointment",
      subjectId: booked.id,
      action: "rescheduled",
      before: {},
      after: {},
      createdAt: minutesAgo(100),
    });
    await manager.patch(`/clients/${client.id}`, {
      data: { type: "clients", attributes: { notes: "VIP" } },
    });
    const page = (await manager.get(`/clients/${client.id}/timeline`)).json();
    const kinds = page.data.map((e: { attributes: { kind: string } }) => e.attributes.kind);
    expect(kinds).toEqual([
      "client_updated",
      "appointment_rescheduled",
      "appointment_booked",
      "feedback",
      "visit_completed",
      "visit_started",
      "message_received",
      "message_sent",
      "visit_joined",
    ]);
    const [updated, rescheduled, , rated] = page.data;
    expect(updated.attributes).toMatchObject({ actor_name: expect.any(String), time_zone: null });
    expect(rescheduled.attributes).toMatchObject({
      actor_name: null,
      appointment_id: String(booked.id),
      location_name: home.locations[1].name,
      time_zone: "America/Toronto",
    });
    expect(rated.attributes.detail).toBe("4.5");
    // staff at the first location see the visit, not the appointment at the second
    const scoped = (await staff.get(`/clients/${client.id}/timeline`)).json().data;
    expect(
      scoped.some((e: { attributes: { kind: string } }) =>
        e.attributes.kind.startsWith("appointment"),
      ),
    ).toBe(false);
  });

  it("pages the timeline by cursor with stable ids, none repeated or lost", async () => {
    const client = await addClient(t.db, vendorId(), { lastName: "Chatty" });
    const visit = await visitAt(client.id, first(), 500);
    for (let i = 0; i < 60; i++) {
      // two messages to the millisecond: the id breaks the tie
      await addMessage(t.db, {
        vendorId: vendorId(),
        locationId: first(),
        queueAppointmentId: visit.id,
        createdAt: minutesAgo(400 - Math.floor(i / 2)),
      });
    }
    const one = (await manager.get(`/clients/${client.id}/timeline`)).json();
    expect(one.data).toHaveLength(50);
    const two = (await manager.get(one.links.next.replace("/api/internal/v1", ""))).json();
    expect(two.data).toHaveLength(11);
    expect(two.links.next).toBeNull();
    const all = [...one.data, ...two.data].map((e: { id: string }) => e.id);
    expect(new Set(all).size).toBe(61);
    expect(all.at(-1)).toBe(`visit:${visit.id}:joined`);
    // every tab refuses a cursor it did not write, or whose values cannot be compared
    const forged = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString("base64url");
    const cases: [string, unknown[]][] = [
      ["timeline", ["c1", "yesterday", "visit:1:joined"]],
      ["timeline", ["c1", "2026-11-20T10:00:00.000000Z"]],
      ["walk-ins", ["c1", "2026-11-20T10:00:00.000000Z", 2 ** 31]],
      ["appointments", ["c1", 9e15, 1]],
      ["appointments", ["c1", "2026-11-20", 1]],
    ];
    for (const [tab, values] of cases) {
      const refused = await manager.get(
        `/clients/${client.id}/${tab}?page[cursor]=${forged(values)}`,
      );
      expect(refused.statusCode, `${tab} ${JSON.stringify(values)}`).toBe(422);
    }
  });
});

describe("merging", () => {
  it("moves a duplicate's visits and appointments, fills empty fields, retires it, audited on both", async () => {
    const kept = await addClient(t.db, vendorId(), {
      firstName: "Maria",
      lastName: "Merge",
      email: "maria@example.com",
    });
    const duplicate = await addClient(t.db, vendorId(), {
      firstName: "Maria",
      lastName: "Merge",
      cellPhone: "+14165550188",
      email: "other@example.com",
      notes: "Duplicate notes",
    });
    await visitAt(kept.id, first(), 50);
    const moved = await visitAt(duplicate.id, first(), 40);
    const booked = await addAppointment(t.db, {
      vendorId: vendorId(),
      locationId: first(),
      serviceId,
      clientId: duplicate.id,
      startsAt: minutesAgo(20),
      createdAt: minutesAgo(60),
    });
    await addMessage(t.db, {
      vendorId: vendorId(),
      locationId: first(),
      appointmentId: booked.id,
      createdAt: minutesAgo(59),
    });
    const merge = (id: number, duplicateId: unknown, as: StaffClient = manager) =>
      as.post(`/clients/${id}/merge`, {
        data: { type: "client-merges", attributes: { duplicate_id: duplicateId } },
      });
    const response = await merge(kept.id, String(duplicate.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.attributes).toMatchObject({
      email: "maria@example.com",
      cell_phone: "+14165550188",
      notes: "Duplicate notes",
      visits: 2,
      appointments: 1,
      version: 2,
    });
    const [visitRow] = await t.db
      .select()
      .from(queueAppointments)
      .where(eq(queueAppointments.id, moved.id));
    expect(visitRow!.clientId).toBe(kept.id);
    const [retired] = await t.db.select().from(clients).where(eq(clients.id, duplicate.id));
    expect(retired).toMatchObject({ mergedIntoId: kept.id, version: 2 });
    const gone = await manager.get(`/clients/${duplicate.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors[0].code).toBe("client_merged");
    expect(gone.json().meta.merged_into_id).toBe(String(kept.id));
    expect(await manager.get("/clients?search=maria%20merge").then(ids)).toEqual([String(kept.id)]);
    const timeline = (await manager.get(`/clients/${kept.id}/timeline`)).json().data;
    const kinds = timeline.map((e: { attributes: { kind: string } }) => e.attributes.kind);
    expect(kinds).toContain("message_sent");
    expect(kinds.filter((k: string) => k === "client_merged")).toHaveLength(2);
    for (const id of [kept.id, duplicate.id]) {
      const audit = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, "client"), eq(auditLog.subjectId, id)));
      expect(audit.map((row) => row.action)).toEqual(["merged"]);
    }

    // refused: into itself, an already merged one (either side), another vendor's, below Staff+
    const self = await merge(kept.id, kept.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors[0]).toMatchObject({
      code: "merge_self",
      source: { pointer: "/data/attributes/duplicate_id" },
    });
    expect((await merge(kept.id, duplicate.id)).json().errors[0].code).toBe("already_merged");
    expect((await merge(duplicate.id, kept.id)).statusCode).toBe(422);
    const theirs = await addClient(t.db, other.vendor.id, { lastName: "Merge" });
    expect((await merge(kept.id, theirs.id)).statusCode).toBe(404);
    expect((await merge(theirs.id, kept.id)).statusCode).toBe(404);
    const fresh = await addClient(t.db, vendorId(), { lastName: "Merge" });
    await visitAt(fresh.id, first(), 1);
    expect((await merge(kept.id, fresh.id, staff)).statusCode).toBe(403);
    const french = await t.app.inject({
      method: "POST",
      url: `/api/internal/v1/clients/${kept.id}/merge`,
      headers: { ...(await headersOf("manager")), "accept-language": "fr" },
      payload: { data: { type: "client-merges", attributes: { duplicate_id: kept.id } } },
    });
    expect(french.json().errors[0].detail).not.toBe(self.json().errors[0].detail);
  });
});

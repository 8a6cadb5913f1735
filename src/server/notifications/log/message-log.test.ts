// GET /api/internal/v1/messages and GET /queue-appointments/{id}/messages: the caller's vendor and
// locations only, newest first a page at a time, filters and search, oldest first on a visit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMessage } from "../../../../test/factories/messages.ts";
import { createStaffWorld, type StaffWorld } from "../../../../test/factories/staff.ts";
import { buildTestApp } from "../../../../test/test-app.ts";
import type { MessageLogDocument } from "../../../shared/contracts/messages.ts";
import { ROLES } from "../../../shared/domain.ts";
import {
  addVisitor,
  createLobbyWorld,
  type LobbyWorld,
  type StaffClient,
  staffClient,
} from "../../lobby/lobby-test-world.ts";

const at = (minute: number) => new Date(Date.UTC(2030, 0, 15, 12, minute));

let t: Awaited<ReturnType<typeof buildTestApp>>;
let w: LobbyWorld;
let other: StaffWorld;
let manager: StaffClient;
let admin: StaffClient;
let visitId: number;
let otherLocationVisitId: number;

const ids = (doc: MessageLogDocument) => doc.data.map((m) => m.attributes.body);

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  w = await createLobbyWorld(t.db);
  other = await createStaffWorld(t.db);
  manager = await staffClient(t.app, w.staff[ROLES.manager], w.vendor.host);
  admin = await staffClient(t.app, w.staff[ROLES.admin], w.vendor.host);
  const [first, second] = w.locations;
  const visit = await addVisitor(t.db, {
    vendorId: w.vendor.id,
    locationId: first.id,
    serviceId: w.services.accounts.id,
  });
  visitId = visit.id;
  const elsewhere = await addVisitor(t.db, {
    vendorId: w.vendor.id,
    locationId: second.id,
    serviceId: w.services.accounts.id,
  });
  otherLocationVisitId = elsewhere.id;
  const vendorId = w.vendor.id;
  const base = { vendorId, locationId: first.id, queueAppointmentId: visit.id };
  await createMessage(t.db, {
    ...base,
    body: "m1 joined email\n\n[See or change your place](https://q.example/confirmation?id=7&code=SECRET42&lang=en)",
    createdAt: at(1),
  });
  await createMessage(t.db, {
    ...base,
    channel: "sms",
    recipient: "+14165550123",
    body: "m2 joined sms, reply HERE",
    status: "delivered",
    createdAt: at(2),
  });
  await createMessage(t.db, {
    ...base,
    direction: "inbound",
    channel: "sms",
    kind: "reply",
    recipient: "+14165550123",
    subject: null,
    body: "m3 HERE",
    status: "received",
    createdAt: at(3),
  });
  await createMessage(t.db, {
    ...base,
    channel: "sms",
    recipient: "+14165550123",
    body: "m4 failed 100%_done",
    status: "failed",
    statusReason: "unreachable",
    createdAt: at(4),
  });
  // An alert about the visit to a staff member: in the log, not among the visitor's messages.
  await createMessage(t.db, {
    ...base,
    userId: w.staff[ROLES.staff].id,
    kind: "long_wait_alert",
    recipient: "desk@staff.test",
    body: "m5 long wait alert",
    createdAt: at(5),
  });
  await createMessage(t.db, {
    vendorId,
    locationId: second.id,
    queueAppointmentId: elsewhere.id,
    body: "m6 second location",
    createdAt: at(6),
  });
  // A staff member's password reset: no location, admins only.
  await createMessage(t.db, {
    vendorId,
    locationId: null,
    userId: w.staff[ROLES.manager].id,
    kind: "password_reset",
    recipient: "manager@staff.test",
    body: "m7 reset your password",
    createdAt: at(7),
  });
  // Same instant as m7: the id breaks the tie.
  await createMessage(t.db, {
    vendorId,
    locationId: first.id,
    body: "m8 same instant",
    createdAt: at(7),
  });
  await createMessage(t.db, {
    vendorId: other.vendor.id,
    locationId: other.locations[0].id,
    body: "other vendor's",
    createdAt: at(8),
  });
});
afterAll(() => t.close());

describe("GET /messages", () => {
  it("shows an admin every message of the vendor, newest first, ties by id", async () => {
    const res = await admin.get("/messages");
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as MessageLogDocument;
    expect(ids(doc).map((b) => b.slice(0, 2))).toEqual([
      "m8",
      "m7",
      "m6",
      "m5",
      "m4",
      "m3",
      "m2",
      "m1",
    ]);
    expect(doc.meta.next_cursor).toBeNull();
    const failed = doc.data.find((m) => m.attributes.body.startsWith("m4"))!;
    expect(failed).toMatchObject({
      type: "messages",
      attributes: {
        direction: "outbound",
        channel: "sms",
        kind: "joined",
        recipient: "+14165550123",
        status: "failed",
        status_reason: "unreachable",
        created_at: at(4).toISOString(),
        location_id: String(w.locations[0].id),
        queue_appointment_id: String(visitId),
      },
    });
  });

  it("keeps staff messages without a location from managers", async () => {
    const doc = (await manager.get("/messages")).json() as MessageLogDocument;
    expect(ids(doc)).not.toContain("m7 reset your password");
    expect(doc.data).toHaveLength(7);
  });

  it("pages by cursor without losing or repeating a message, same instants included", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&before=${cursor}` : "";
      const res = await admin.get(`/messages?limit=3${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const doc = res.json() as MessageLogDocument;
      expect(doc.data.length).toBeLessThanOrEqual(3);
      seen.push(...ids(doc).map((b) => b.slice(0, 2)));
      cursor = doc.meta.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(["m8", "m7", "m6", "m5", "m4", "m3", "m2", "m1"]);
    expect(pages).toBe(3);
  });

  it("filters by location, channel, status and direction", async () => {
    const second = await manager.get(`/messages?location_id=${w.locations[1].id}`);
    expect(ids(second.json())).toEqual(["m6 second location"]);
    const sms = await manager.get("/messages?channel=sms");
    expect(ids(sms.json()).map((b) => b.slice(0, 2))).toEqual(["m4", "m3", "m2"]);
    const failed = await manager.get("/messages?status=failed");
    expect(ids(failed.json()).map((b) => b.slice(0, 2))).toEqual(["m4"]);
    const inbound = await manager.get("/messages?direction=inbound&channel=sms");
    expect(ids(inbound.json())).toEqual(["m3 HERE"]);
  });

  it("searches recipient and text in any case, with % and _ taken literally", async () => {
    const here = await manager.get("/messages?q=here");
    expect(ids(here.json()).map((b) => b.slice(0, 2))).toEqual(["m3", "m2"]);
    const phone = await manager.get(`/messages?q=${encodeURIComponent("+1416555")}`);
    expect(ids(phone.json()).map((b) => b.slice(0, 2))).toEqual(["m4", "m3", "m2"]);
    const percent = await manager.get(`/messages?q=${encodeURIComponent("100%_")}`);
    expect(ids(percent.json())).toEqual(["m4 failed 100%_done"]);
    const wildcard = await manager.get(`/messages?q=${encodeURIComponent("%")}`);
    expect(ids(wildcard.json())).toEqual(["m4 failed 100%_done"]);
  });

  it("refuses a bad query with a localised 422", async () => {
    for (const query of [
      "channel=fax",
      "status=lost",
      "direction=sideways",
      "limit=0",
      "limit=101",
      "limit=ten",
      "location_id=abc",
      "before=not-a-cursor",
      "colour=blue",
    ]) {
      const res = await manager.get(`/messages?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors[0].detail, query).toBeTruthy();
    }
    const french = await manager.get("/messages?channel=fax&lang=fr");
    const english = await manager.get("/messages?channel=fax");
    expect(french.json().errors[0].detail).not.toBe(english.json().errors[0].detail);
  });

  it("answers 404 for a location of another vendor and 403 below manager", async () => {
    const foreign = await manager.get(`/messages?location_id=${other.locations[0].id}`);
    expect(foreign.statusCode).toBe(404);
    const staff = await staffClient(t.app, w.staff[ROLES.staff_advanced], w.vendor.host);
    expect((await staff.get("/messages")).statusCode).toBe(403);
  });
});

describe("GET /queue-appointments/{id}/messages", () => {
  it("masks a link's confirm code: staff read what was sent, not the key to the visit", async () => {
    const res = await manager.get(`/queue-appointments/${visitId}/messages`);
    const body = res.json().data[0].attributes.body as string;
    expect(body).not.toContain("SECRET42");
    expect(body).toContain("(https://q.example/confirmation?id=7&code=…&lang=en)");
    expect((await manager.get("/messages?q=SECRET42")).json().data).toEqual([]);
  });

  it("lists the visit's messages and replies oldest first, without staff alerts", async () => {
    const staff = await staffClient(t.app, w.staff[ROLES.staff], w.vendor.host);
    const res = await staff.get(`/queue-appointments/${visitId}/messages`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res.json()).map((b: string) => b.slice(0, 2))).toEqual(["m1", "m2", "m3", "m4"]);
    expect(res.json().data[2].attributes).toMatchObject({ direction: "inbound", kind: "reply" });
  });

  it("hides a visit at a location the staff member does not work at, and another vendor's", async () => {
    const staff = await staffClient(t.app, w.staff[ROLES.staff], w.vendor.host);
    expect(
      (await staff.get(`/queue-appointments/${otherLocationVisitId}/messages`)).statusCode,
    ).toBe(404);
    const foreign = await staffClient(t.app, other.staff[ROLES.admin], other.vendor.host);
    expect((await foreign.get(`/queue-appointments/${visitId}/messages`)).statusCode).toBe(404);
    expect(
      (await manager.get(`/queue-appointments/${otherLocationVisitId}/messages`)).statusCode,
    ).toBe(200);
    expect((await manager.get("/queue-appointments/x1/messages")).statusCode).toBe(404);
  });
});

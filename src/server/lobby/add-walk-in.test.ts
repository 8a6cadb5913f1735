// POST /api/internal/v1/locations/{id}/queue: the front desk adds a visitor under the open join's
// rules (data, services, methods, private locations), recorded as the staff member's doing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedEveryDay } from "../../../test/factories/locations.ts";
import { openApiClient } from "../../../test/factories/open-api-client.ts";
import { createService } from "../../../test/factories/services.ts";
import { updateVendorSettings } from "../../../test/factories/vendors.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { locations, queueAppointments, queueEvents, services } from "../db/schema.ts";
import {
  createLobbyWorld,
  type LobbyWorld,
  type StaffClient,
  staffClient,
} from "./lobby-test-world.ts";

function walkIn(
  world: LobbyWorld,
  overrides: { attributes?: Record<string, unknown>; client?: Record<string, unknown> } = {},
) {
  return {
    data: {
      type: "queue-appointments",
      attributes: { service_id: String(world.services.accounts.id), ...overrides.attributes },
      relationships: {
        client: {
          data: {
            type: "clients",
            attributes: {
              first_name: "Lin",
              last_name: "Desk",
              cell_phone: "+14165550177",
              ...overrides.client,
            },
          },
        },
        answers: {
          data: [
            {
              type: "answers",
              attributes: { question_id: String(world.questions.comment.id), value: "Brought ID" },
            },
          ],
        },
      },
    },
  };
}

describe("POST /locations/{id}/queue", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let w: LobbyWorld;
  let desk: StaffClient;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    w = await createLobbyWorld(t.db);
    desk = await staffClient(t.app, w.staff[ROLES.staff], w.vendor.host);
  });
  afterAll(() => t.close());

  const lineUrl = (world: LobbyWorld, index: 0 | 1 = 0) =>
    `/locations/${world.locations[index].id}/queue`;
  const countAt = async (locationId: number) =>
    (
      await t.db
        .select({ id: queueAppointments.id })
        .from(queueAppointments)
        .where(eq(queueAppointments.locationId, locationId))
    ).length;

  it("puts the visitor in the line as the lobby's doing and answers with their lobby entry", async () => {
    await t.app.dispatcher.drain();
    const created: number[] = [];
    const off = t.app.events.on("queueAppointmentChanged", (e) =>
      created.push(e.queueAppointmentId),
    );
    const res = await desk.post(lineUrl(w), walkIn(w));
    // The join's event is handed on right after its commit.
    await t.app.dispatcher.drain();
    off();
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json().data;
    expect(entry.attributes).toMatchObject({
      status: "waiting",
      position: 1,
      booked_through: "lobby",
      service: { name: "Accounts" },
      client: { first_name: "Lin", last_name: "Desk", cell_phone: "+14165550177" },
      answers: [{ label: "Anything else?", text: ["Brought ID"] }],
    });
    expect(created).toEqual([Number(entry.id)]);
    const [joined] = await t.db
      .select()
      .from(queueEvents)
      .where(
        and(eq(queueEvents.queueAppointmentId, Number(entry.id)), eq(queueEvents.type, "joined")),
      );
    expect(joined!.actorUserId).toBe(w.staff[ROLES.staff].id);
    const line = (await desk.get(lineUrl(w))).json();
    expect(line.data.map((e: { id: string }) => e.id)).toContain(entry.id);
  });

  it("gives each walk-in the next short ticket of the location's day, with its service's prefix", async () => {
    await t.db
      .update(services)
      .set({ ticketPrefix: "WK" })
      .where(eq(services.id, w.services.loans.id));
    const loans = { attributes: { service_id: String(w.services.loans.id) } };
    const first = await desk.post(lineUrl(w), walkIn(w, loans));
    const second = await desk.post(
      lineUrl(w),
      walkIn(w, { ...loans, client: { first_name: "Ada" } }),
    );
    expect([first.statusCode, second.statusCode], second.body).toEqual([201, 201]);
    expect(first.json().data.attributes.ticket).toBe("WK-001");
    expect(second.json().data.attributes.ticket).toBe("WK-002");
    const line = (await desk.get(lineUrl(w))).json();
    const listed = line.data.find((e: { id: string }) => e.id === second.json().data.id);
    expect(listed.attributes.ticket).toBe("WK-002");
  });

  it("records a contact centre agent's visitor as booked through the call centre", async () => {
    const agent = await staffClient(t.app, w.staff[ROLES.contact_centre_staff], w.vendor.host);
    const res = await agent.post(lineUrl(w), walkIn(w, { attributes: { meeting_method: 2 } }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      booked_through: "call_centre",
      meeting_method: 2,
    });
  });

  it("refuses a private location as the open join does (403 location_private), adding nobody", async () => {
    const world = await createLobbyWorld(t.db);
    await t.db
      .update(locations)
      .set({ visibility: "private" })
      .where(eq(locations.id, world.locations[0].id));
    const api = await staffClient(t.app, world.staff[ROLES.manager], world.vendor.host);
    const res = await api.post(lineUrl(world), walkIn(world));
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe("location_private");
    expect(await countAt(world.locations[0].id)).toBe(0);
  });

  it("applies the open join's data rules, with pointers into the document", async () => {
    const notOffered = await createService(t.db, w.vendor.id, {
      locationIds: [],
      name: "Mortgages",
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { client: { first_name: "" } },
        "/data/relationships/client/data/attributes/first_name",
        "required",
      ],
      [
        { client: { cell_phone: "4165550177" } },
        "/data/relationships/client/data/attributes/cell_phone",
        "phone_plus",
      ],
      [
        { attributes: { service_id: String(notOffered.id) } },
        "/data/attributes/service_id",
        "service_unavailable",
      ],
      [
        { attributes: { fulfillment_method: 2 } },
        "/data/attributes/fulfillment_method",
        "fulfillment_unavailable",
      ],
      [
        { attributes: { location_id: String(w.locations[1].id) } },
        "/data/attributes/location_id",
        "unknown_field",
      ],
    ];
    const before = await countAt(w.locations[0].id);
    for (const [overrides, pointer, code] of cases) {
      const res = await desk.post(lineUrl(w), walkIn(w, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ code, source: { pointer } })]),
      );
    }
    expect(await countAt(w.locations[0].id)).toBe(before);
  });

  it("takes a walk-in outside the callback hours and with the client view off: the desk is open", async () => {
    const world = await createLobbyWorld(t.db);
    await t.db
      .update(locations)
      .set({ restrictCallbackRequestHours: true, hours: closedEveryDay() })
      .where(eq(locations.id, world.locations[0].id));
    const restore = await updateVendorSettings(t.db, t.app, world.vendor.id, {
      client_view: { enabled: false, join_line_from_client_view: false },
      features: { callback_requests: false },
    });
    try {
      const api = await staffClient(t.app, world.staff[ROLES.staff], world.vendor.host);
      const res = await api.post(lineUrl(world), walkIn(world));
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await restore();
    }
  });

  it("creates one place for one Idempotency-Key, however often the desk sends it", async () => {
    const key = `desk-${Date.now()}`;
    const first = await desk.post(lineUrl(w), walkIn(w), { "idempotency-key": key });
    const again = await desk.post(lineUrl(w), walkIn(w), { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().data.id).toBe(first.json().data.id);
  });

  it("binds a desk's Idempotency-Key to its staff member and document, apart from the visitors' keys", async () => {
    const key = `bound-${Date.now()}`;
    const first = await desk.post(lineUrl(w), walkIn(w), { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    const before = await countAt(w.locations[0].id);

    // The same desk member with another visitor under the key: refused, and nobody is added.
    const reused = await desk.post(lineUrl(w), walkIn(w, { client: { first_name: "Other" } }), {
      "idempotency-key": key,
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual([
      expect.objectContaining({ code: "idempotency_key_reused" }),
    ]);
    expect(reused.body).not.toContain("Lin");
    expect(await countAt(w.locations[0].id)).toBe(before);

    // A colleague's same key is their own: their visitor is added, nothing of the first is shown.
    const colleague = await staffClient(t.app, w.staff[ROLES.staff_plus], w.vendor.host);
    const theirs = await colleague.post(lineUrl(w), walkIn(w, { client: { first_name: "Kim" } }), {
      "idempotency-key": key,
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(first.json().data.id);

    // A visitor's page sending the desk's key joins on its own, and is shown nothing of the desk's.
    const visitor = await openApiClient(t.app, w.vendor.host);
    const joined = await visitor.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      headers: { "idempotency-key": key },
      payload: {
        data: {
          ...walkIn(w).data,
          attributes: {
            ...walkIn(w).data.attributes,
            location_id: String(w.locations[0].id),
          },
        },
      },
    });
    expect(joined.statusCode).toBe(201);
    expect(joined.headers["idempotent-replayed"]).toBeUndefined();
    expect(joined.json().data.id).not.toBe(first.json().data.id);
    expect(await countAt(w.locations[0].id)).toBe(before + 2);
  });

  it("answers 404 for a location the caller does not work at or another vendor's, 403 to a kiosk", async () => {
    const other = await createLobbyWorld(t.db);
    expect((await desk.post(lineUrl(w, 1), walkIn(w))).statusCode).toBe(404);
    expect((await desk.post(lineUrl(other), walkIn(other))).statusCode).toBe(404);
    expect(await countAt(other.locations[0].id)).toBe(0);
    const kiosk = await staffClient(t.app, w.staff[ROLES.kiosk], w.vendor.host);
    expect((await kiosk.post(lineUrl(w), walkIn(w))).statusCode).toBe(403);
  });
});

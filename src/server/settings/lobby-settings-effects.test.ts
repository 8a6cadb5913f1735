// The lobby and TV page's settings take effect, each saved the way the page saves it (PUT
// /settings/lobby with If-Match) and then seen where it matters: the board names as many rows as
// set, shows what it is told to of a visitor and says whether to chime; "call next" takes visitors
// by arrival or by service; a private location's board opens without its token once boards are
// public; and the boards on screen are told to read themselves again.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { nextRemoteAddress } from "../../../test/factories/open-api-client.ts";
import { createService } from "../../../test/factories/services.ts";
import { createLocation, signInAs } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import type { LocationBoard } from "../../shared/contracts/location-board.ts";
import { ROLES } from "../../shared/domain.ts";
import { locations, queueAppointments } from "../db/schema.ts";
import {
  addVisitor,
  createLobbyWorld,
  createServer,
  type LobbyWorld,
  staffClient,
} from "../lobby/lobby-test-world.ts";

let t: Awaited<ReturnType<typeof buildTestApp>>;
let w: LobbyWorld;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  w = await createLobbyWorld(t.db);
  const session = await signInAs(t.app, w.staff[ROLES.admin], w.vendor.host);
  admin = { host: w.vendor.host, cookie: session.cookie, "x-csrf-token": session.csrfToken };
});
afterAll(() => t.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Saves the lobby section with `board` changes over what is stored, as the page does. */
async function saveBoard(board: Record<string, unknown>) {
  const url = "/api/internal/v1/settings/lobby";
  const current = (await t.app.inject({ method: "GET", url, headers: admin })).json().data;
  const saved = await t.app.inject({
    method: "PUT",
    url,
    headers: { ...admin, "if-match": `"${current.meta.version}"` },
    payload: {
      data: {
        type: "vendor-settings",
        attributes: { ...current.attributes, board: { ...current.attributes.board, ...board } },
      },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const board = (locationId: number, query = "") =>
  t.app.inject({
    url: `/api/v2/open/locations/${locationId}/board${query}`,
    headers: { host: w.vendor.host },
    remoteAddress: nextRemoteAddress(),
  });

/** The board once the save has reached the vendor cache (vendor.updated is dispatched after commit). */
async function boardWhen(
  locationId: number,
  check: (attributes: LocationBoard) => void,
  query = "",
) {
  let attributes: LocationBoard | undefined;
  await vi.waitFor(
    async () => {
      const res = await board(locationId, query);
      expect(res.statusCode, res.body).toBe(200);
      const read: LocationBoard = res.json().data.attributes;
      check(read);
      attributes = read;
    },
    { timeout: 5000 },
  );
  return attributes as LocationBoard;
}

async function freshLocation() {
  const location = await createLocation(t.db, w.vendor.id, { name: "Settings Branch" });
  const service = await createService(t.db, w.vendor.id, {
    locationIds: [location.id],
    name: "Accounts",
  });
  return { location, service };
}

describe("the lobby and TV settings, as the boards and the lobby honour them", () => {
  it("names as many rows as set and counts the rest", async () => {
    const { location, service } = await freshLocation();
    for (let i = 0; i < 4; i++) {
      await addVisitor(t.db, {
        vendorId: w.vendor.id,
        locationId: location.id,
        serviceId: service.id,
        firstName: `Person${i}`,
        lastName: "Xavier",
        queuedAt: minutesAgo(60 - i),
      });
    }
    expect((await board(location.id)).json().data.attributes.next_up).toHaveLength(4);
    await saveBoard({ rows: 2 });
    const shown = await boardWhen(location.id, (a) => expect(a.next_up).toHaveLength(2));
    expect(shown.next_up.map((row) => row.visitor)).toEqual(["Person0 X.", "Person1 X."]);
    expect(shown.waiting_count).toBe(4);
    await saveBoard({ rows: 6 });
  });

  it("shows tickets only, names nobody, once the board is set to tickets", async () => {
    const { location, service } = await freshLocation();
    const visitor = await addVisitor(t.db, {
      vendorId: w.vendor.id,
      locationId: location.id,
      serviceId: service.id,
      firstName: "Ada",
      lastName: "Lovelace",
    });
    await t.db
      .update(queueAppointments)
      .set({ ticket: "A-017" })
      .where(eq(queueAppointments.id, visitor.id));
    expect((await board(location.id)).body).toContain("Ada L.");
    await saveBoard({ visitor_display: "ticket" });
    const shown = await boardWhen(location.id, (a) =>
      expect(a.next_up).toEqual([{ visitor: null, ticket: "A-017", position: 1 }]),
    );
    expect(JSON.stringify(shown)).not.toContain("Ada");
    await saveBoard({ visitor_display: "ticket_and_name" });
  });

  it("tells the board whether to chime", async () => {
    const { location } = await freshLocation();
    expect((await board(location.id)).json().data.attributes.chime).toBe(true);
    await saveBoard({ chime: false });
    await boardWhen(location.id, (a) => expect(a.chime).toBe(false));
    await saveBoard({ chime: true });
  });

  it("calls by arrival, or the first service's visitors first once the order is by service", async () => {
    const location = await createLocation(t.db, w.vendor.id, { name: "Call Order Branch" });
    const later = await createService(t.db, w.vendor.id, {
      locationIds: [location.id],
      name: "Listed second",
      sortOrder: 2,
    });
    const first = await createService(t.db, w.vendor.id, {
      locationIds: [location.id],
      name: "Listed first",
      sortOrder: 1,
    });
    const base = { vendorId: w.vendor.id, locationId: location.id };
    // Two of each; the second service's visitors came first.
    const early = await addVisitor(t.db, {
      ...base,
      serviceId: later.id,
      queuedAt: minutesAgo(40),
    });
    const early2 = await addVisitor(t.db, {
      ...base,
      serviceId: later.id,
      queuedAt: minutesAgo(30),
    });
    const late = await addVisitor(t.db, { ...base, serviceId: first.id, queuedAt: minutesAgo(20) });
    await addVisitor(t.db, { ...base, serviceId: first.id, queuedAt: minutesAgo(10) });
    const callNext = async () => {
      const server = await createServer(t.db, w, { locationIds: [location.id] });
      const api = await staffClient(t.app, server, w.vendor.host);
      const res = await api.post(`/locations/${location.id}/queue/next`);
      expect(res.statusCode, res.body).toBe(200);
      return Number(res.json().data.id);
    };
    expect(await callNext()).toBe(early.id);
    // Saved with the chime off, which the board shows once the vendor cache has the save.
    await saveBoard({ call_order: "service", chime: false });
    await boardWhen(location.id, (a) => expect(a.chime).toBe(false));
    expect(await callNext()).toBe(late.id);
    const [untouched] = await t.db
      .select({ calledAt: queueAppointments.calledAt })
      .from(queueAppointments)
      .where(eq(queueAppointments.id, early2.id));
    expect(untouched?.calledAt).toBeNull();
    await saveBoard({ call_order: "arrival", chime: true });
  });

  it("opens a private location's board without its token once boards are public", async () => {
    const { location } = await freshLocation();
    await t.db
      .update(locations)
      .set({ visibility: "private" })
      .where(eq(locations.id, location.id));
    expect((await board(location.id)).statusCode).toBe(404);
    await saveBoard({ private_boards_public: true });
    await boardWhen(location.id, (a) => expect(a.location_name).toBe("Settings Branch"));
    await saveBoard({ private_boards_public: false });
    await vi.waitFor(async () => expect((await board(location.id)).statusCode).toBe(404), {
      timeout: 5000,
    });
  });

  it("tells the boards on screen that the settings changed", async () => {
    const told: number[] = [];
    const stop = t.app.events.on("boardSettingsChanged", ({ vendorId }) => told.push(vendorId));
    try {
      await saveBoard({ rows: 5 });
      await vi.waitFor(() => expect(told).toContain(w.vendor.id), { timeout: 5000 });
    } finally {
      stop();
      await saveBoard({ rows: 6 });
    }
  });
});

// The minute's auto no-show: only a called visitor past the vendor's minutes since their latest
// call, only for a vendor that asks for it, once however many sweeps run at the same time.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp } from "../../../test/test-app.ts";
import { queueAppointments, queueEvents, vendors } from "../db/schema.ts";
import { addVisitor, createLobbyWorld, type LobbyWorld } from "../lobby/lobby-test-world.ts";
import { markUnansweredCallsNoShow } from "./auto-no-show-sweep.ts";

const NOW = new Date("2026-11-27T15:00:00Z");
const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe("auto no-show sweep", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let asking: LobbyWorld;
  let silent: LobbyWorld;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    asking = await createLobbyWorld(t.db);
    silent = await createLobbyWorld(t.db);
    await t.db
      .update(vendors)
      .set({ settings: { auto_no_show_minutes: 5 } })
      .where(eq(vendors.id, asking.vendor.id));
  });
  afterAll(() => t.close());

  async function visitor(
    world: LobbyWorld,
    call: { calledAt?: Date; recalledAt?: Date; status?: "waiting" | "in_progress" } = {},
  ) {
    const row = await addVisitor(t.db, {
      vendorId: world.vendor.id,
      locationId: world.locations[0].id,
      serviceId: world.services.accounts.id,
      queuedAt: minutesBefore(30),
    });
    await t.db
      .update(queueAppointments)
      .set({
        calledAt: call.calledAt ?? null,
        recalledAt: call.recalledAt ?? null,
        status: call.status ?? "waiting",
      })
      .where(eq(queueAppointments.id, row.id));
    return row;
  }
  const statusOf = async (id: number) =>
    (
      await t.db
        .select({ status: queueAppointments.status })
        .from(queueAppointments)
        .where(eq(queueAppointments.id, id))
    )[0]?.status;

  it("marks only called visitors past the minutes since their latest call, once", async () => {
    const late = await visitor(asking, { calledAt: minutesBefore(6) });
    const onTheWay = await visitor(asking, { calledAt: minutesBefore(2) });
    const recalled = await visitor(asking, {
      calledAt: minutesBefore(10),
      recalledAt: minutesBefore(1),
    });
    const neverCalled = await visitor(asking);
    const started = await visitor(asking, { calledAt: minutesBefore(20), status: "in_progress" });
    const otherVendor = await visitor(silent, { calledAt: minutesBefore(60) });

    const recalculated: number[] = [];
    const off = t.app.events.on("waitTimesRecalculated", (e) => recalculated.push(e.locationId));
    // Two nodes sweeping in the same minute change the visit once between them.
    const counts = await Promise.all([
      markUnansweredCallsNoShow(t.db, NOW),
      markUnansweredCallsNoShow(t.db, NOW),
    ]);
    expect(counts[0]! + counts[1]!).toBe(1);
    expect(await statusOf(late.id)).toBe("no_show");
    for (const row of [onTheWay, recalled, neverCalled, otherVendor])
      expect(await statusOf(row.id)).toBe("waiting");
    expect(await statusOf(started.id)).toBe("in_progress");
    const history = await t.db
      .select({ type: queueEvents.type, actor: queueEvents.actorUserId })
      .from(queueEvents)
      .where(eq(queueEvents.queueAppointmentId, late.id));
    expect(history).toContainEqual({ type: "no_show", actor: null });
    expect(await markUnansweredCallsNoShow(t.db, NOW)).toBe(0);
    // The shorter line is published from the no-show's event, as after a join.
    await vi.waitFor(() => expect(recalculated).toContain(asking.locations[0].id), {
      timeout: 15_000,
    });
    off();
  });
});

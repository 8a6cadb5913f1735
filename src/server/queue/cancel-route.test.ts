// Contract of PATCH /api/v2/open/queue-appointments/{id}: a visitor cancels their own place.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  errorsOf,
  type OpenApiClient,
  openApiClient,
} from "../../../test/factories/open-api-client.ts";
import {
  createQueueScenario,
  joinDocument,
  OTHER_VENDOR_HOST,
  type QueueScenario,
  VENDOR_HOST,
} from "../../../test/factories/queue-scenario.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { queueAppointments, queueEvents } from "../db/schema.ts";
import { changeQueueStatus } from "./change-queue-status.ts";

describe("PATCH /api/v2/open/queue-appointments/{id}", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let s: QueueScenario;
  let client: OpenApiClient;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    s = await createQueueScenario(t.db);
    client = await openApiClient(t.app, VENDOR_HOST);
  });
  afterAll(() => t.close());

  async function joinLine(): Promise<{ id: string; code: string }> {
    const res = await client.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      payload: joinDocument(s),
    });
    return { id: res.json().data.id, code: res.json().data.attributes.confirm_code };
  }

  const cancel = (
    id: string,
    attributes: Record<string, unknown>,
    options: { on?: OpenApiClient; csrf?: boolean; dataId?: string } = {},
  ) =>
    (options.on ?? client).request({
      method: "PATCH",
      url: `/api/v2/open/queue-appointments/${id}`,
      csrf: options.csrf ?? true,
      payload: { data: { id: options.dataId ?? id, type: "queue-appointments", attributes } },
    });

  it("cancels a waiting place and answers with the updated resource", async () => {
    const { id, code } = await joinLine();
    // Only the cancel's events: the join's is handed on first.
    await t.app.dispatcher.drain();
    const seen: string[] = [];
    const off = t.app.events.on("queueAppointmentChanged", (e) =>
      seen.push(`${e.queueAppointmentId}:${e.change}`),
    );
    const res = await cancel(id, { status: "cancelled", confirm_code: code });
    await t.app.dispatcher.drain();
    off();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ status: "cancelled", expected_start: null });
    expect(res.json().data.attributes.ended_at).toEqual(expect.any(String));
    expect(seen).toEqual([`${id}:updated`]);
    const events = await t.db
      .select()
      .from(queueEvents)
      .where(eq(queueEvents.queueAppointmentId, Number(id)));
    expect(events.map((e) => [e.type, e.fromStatus, e.toStatus, e.actorUserId])).toEqual([
      ["joined", null, "waiting", null],
      ["cancelled", "waiting", "cancelled", null],
    ]);
  });

  it("cancels a place whose meeting is in progress", async () => {
    const { id, code } = await joinLine();
    await changeQueueStatus({
      db: t.db,
      events: t.app.events,
      caches: t.app.caches,
      vendorId: s.vendor.id,
      queueAppointmentId: Number(id),
      to: "in_progress",
      actor: { kind: "staff", userId: s.staff.id },
    });
    const res = await cancel(id, { status: "cancelled", confirm_code: code });
    expect(res.json().data.attributes.status).toBe("cancelled");
  });

  it("answers 409 for a place already cancelled or completed", async () => {
    const { id, code } = await joinLine();
    await cancel(id, { status: "cancelled", confirm_code: code });
    const again = await cancel(id, { status: "cancelled", confirm_code: code });
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)[0]).toMatchObject({
      code: "already_cancelled",
      detail: "This place in line has been cancelled",
    });

    const done = await joinLine();
    await t.db
      .update(queueAppointments)
      .set({ status: "completed" })
      .where(eq(queueAppointments.id, Number(done.id)));
    const completed = await cancel(done.id, { status: "cancelled", confirm_code: done.code });
    expect(completed.statusCode).toBe(409);
    expect(errorsOf(completed)[0]?.code).toBe("transition_not_allowed");
  });

  it("answers 409 for any status other than cancelled: a visitor may only cancel", async () => {
    const { id, code } = await joinLine();
    for (const status of ["in_progress", "completed", "no_show", "waiting"]) {
      const res = await cancel(id, { status, confirm_code: code });
      expect(res.statusCode).toBe(409);
      expect(errorsOf(res)[0]?.code).toBe("transition_not_allowed");
    }
    const [row] = await t.db
      .select()
      .from(queueAppointments)
      .where(eq(queueAppointments.id, Number(id)));
    expect(row?.status).toBe("waiting");
  });

  it("answers the same 404 for a wrong code, a wrong id and another vendor's host", async () => {
    const { id, code } = await joinLine();
    const other = await openApiClient(t.app, OTHER_VENDOR_HOST);
    const answers = [
      await cancel(id, { status: "cancelled", confirm_code: "WRONGWRONGWRONG0" }),
      await cancel("999999", { status: "cancelled", confirm_code: code }),
      await cancel(id, { status: "cancelled", confirm_code: code }, { on: other }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(answers[0]!.json());
    }
    const [row] = await t.db
      .select()
      .from(queueAppointments)
      .where(eq(queueAppointments.id, Number(id)));
    expect(row?.status).toBe("waiting");
  });

  it("requires the CSRF token", async () => {
    const { id, code } = await joinLine();
    const res = await cancel(id, { status: "cancelled", confirm_code: code }, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)[0]?.code).toBe("csrf_invalid");
  });

  it("answers 409 when the document's id is not the path's", async () => {
    const { id, code } = await joinLine();
    const res = await cancel(id, { status: "cancelled", confirm_code: code }, { dataId: "1" });
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]).toMatchObject({
      code: "id_mismatch",
      source: { pointer: "/data/id" },
    });
  });

  it("refuses unknown attributes", async () => {
    const { id, code } = await joinLine();
    const res = await cancel(id, { status: "cancelled", confirm_code: code, user_id: 1 });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[0]).toMatchObject({
      code: "unknown_field",
      source: { pointer: "/data/attributes/user_id" },
    });
  });
});

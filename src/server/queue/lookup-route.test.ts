// Contract of GET /api/v2/open/queue-appointments/{id}?code= : the confirmation/manage page.
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
import { queueAppointments } from "../db/schema.ts";
import { changeQueueStatus } from "./change-queue-status.ts";
import { flushScheduledRecalculations } from "./wait-time/recalculate-wait-times.ts";

describe("GET /api/v2/open/queue-appointments/{id}", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let s: QueueScenario;
  let client: OpenApiClient;
  let id: string;
  let code: string;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    s = await createQueueScenario(t.db);
    client = await openApiClient(t.app, VENDOR_HOST);
    const joined = await client.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      payload: joinDocument(s),
    });
    id = joined.json().data.id;
    code = joined.json().data.attributes.confirm_code;
  });
  afterAll(() => t.close());

  const lookUp = (path: string, headers: Record<string, string> = {}) =>
    client.request({ method: "GET", url: `/api/v2/open/queue-appointments/${path}`, headers });

  it("shows the appointment, client, service, location, answers and wait when id and code match", async () => {
    const res = await lookUp(`${id}?code=${code}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(body.data).toMatchObject({
      id,
      type: "queue-appointments",
      attributes: { status: "waiting", confirm_code: code, user: null, feedback_given: false },
    });
    expect(body.data.attributes.wait_seconds).toEqual(expect.any(Number));
    expect(body.data.attributes.client.cell_phone_formatted).toBe("(415) 555-0123");
    const byType = Object.fromEntries(
      body.included.map((item: { type: string }) => [item.type, item]),
    );
    expect(byType.services.attributes.name).toBe("Open an account");
    expect(byType.locations.attributes).toMatchObject({
      name: "Main Branch",
      instructions: "Take a seat in the lobby",
    });
    expect(byType.clients.attributes.cell_phone_formatted).toBe("(415) 555-0123");
    expect(byType.answers.attributes.question_id).toBe(String(s.questions.reason.id));
  });

  it("reads the code however it is typed", async () => {
    const typed = `${code.slice(0, 8).toLowerCase()}-${code.slice(8)}`;
    expect((await lookUp(`${id}?code=${typed}`)).statusCode).toBe(200);
  });

  it("translates the service and location in the request's language", async () => {
    const body = (
      await lookUp(`${id}?code=${code}`, { "accept-language": "fr-CA,fr;q=0.9" })
    ).json();
    const byType = Object.fromEntries(
      body.included.map((item: { type: string }) => [item.type, item]),
    );
    expect(byType.services.attributes.name).toBe("Ouvrir un compte");
    expect(byType.locations.attributes.name).toBe("Agence principale");
  });

  it("names the staff member once a meeting starts", async () => {
    const joined = await client.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      payload: joinDocument(s),
    });
    const { id: otherId, attributes } = joined.json().data;
    await changeQueueStatus({
      db: t.db,
      events: t.app.events,
      caches: t.app.caches,
      vendorId: s.vendor.id,
      queueAppointmentId: Number(otherId),
      to: "in_progress",
      actor: { kind: "staff", userId: s.staff.id },
    });
    await t.db
      .update(queueAppointments)
      .set({
        meetingLink: "https://meet.example/abc",
        dialIn: { e164: "+14155550999", international: "+1 415-555-0999", pin: "1234" },
      })
      .where(eq(queueAppointments.id, Number(otherId)));
    const body = (await lookUp(`${otherId}?code=${attributes.confirm_code}`)).json();
    expect(body.data.attributes).toMatchObject({
      status: "in_progress",
      user: { full_name: "Ada Teller" },
      meeting_link: "https://meet.example/abc",
      dial_in: { e164: "+14155550999", international: "+1 415-555-0999", pin: "1234" },
      expected_start: null,
      wait_seconds: null,
      people_ahead: null,
    });
    expect(body.data.attributes.started_at).toEqual(expect.any(String));
  });

  it("counts the people ahead by the line's rule: not one of a slower lane seen later, none once called", async () => {
    const joinOne = async () => {
      const res = await client.request({
        method: "POST",
        url: "/api/v2/open/queue-appointments",
        payload: joinDocument(s),
      });
      const { id: joinedId, attributes } = res.json().data;
      return { id: Number(joinedId), code: String(attributes.confirm_code) };
    };
    const slow = await joinOne();
    const quick = await joinOne();
    // The joins' own recalculation runs now, not over the starts written below.
    await t.app.dispatcher.drain();
    await flushScheduledRecalculations(t.db);
    // The starts as a recalculation would have stored them: the first visitor of this file is
    // seen in a minute, `slow` in 40 (a long service), `quick` in 5 at another desk; anyone else
    // waiting in an hour.
    const startIn = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const setStart = (rowId: number, minutes: number) =>
      t.db
        .update(queueAppointments)
        .set({ expectedStart: startIn(minutes) })
        .where(eq(queueAppointments.id, rowId));
    await t.db
      .update(queueAppointments)
      .set({ expectedStart: startIn(60) })
      .where(eq(queueAppointments.locationId, s.location.id));
    await setStart(Number(id), 1);
    await setStart(slow.id, 40);
    await setStart(quick.id, 5);
    const aheadOf = async (visit: { id: number; code: string }) =>
      (await lookUp(`${visit.id}?code=${visit.code}`)).json().data.attributes.people_ahead;

    expect(await aheadOf({ id: Number(id), code })).toBe(0);
    expect(await aheadOf(slow)).toBe(1);
    expect(await aheadOf(quick)).toBe(1); // the first visitor; `slow`, seen after, is not ahead

    // Called to a desk: at the desk already, so ahead of nobody, and without a count of their own.
    await t.db
      .update(queueAppointments)
      .set({ calledAt: new Date(), userId: s.staff.id })
      .where(eq(queueAppointments.id, Number(id)));
    expect(await aheadOf({ id: Number(id), code })).toBeNull();
    expect(await aheadOf(slow)).toBe(0);
    expect(await aheadOf(quick)).toBe(0);
  });

  it("answers the same 404 for a wrong code, a wrong id, a missing code and a malformed id", async () => {
    const answers = await Promise.all([
      lookUp(`${id}?code=AAAAAAAAAAAAAAAA`),
      lookUp(`999999?code=${code}`),
      lookUp(`${id}`),
      lookUp(`abc?code=${code}`),
      lookUp(`99999999999999?code=${code}`),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(answers[0]!.json());
    }
    expect(errorsOf(answers[0]!)[0]).toMatchObject({ status: "404", code: "not_found" });
  });

  it("hides one vendor's appointment from another vendor's host, even with the right code", async () => {
    const other = await openApiClient(t.app, OTHER_VENDOR_HOST);
    const res = await other.request({
      method: "GET",
      url: `/api/v2/open/queue-appointments/${id}?code=${code}`,
    });
    expect(res.statusCode).toBe(404);
  });
});

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
    });
    expect(body.data.attributes.started_at).toEqual(expect.any(String));
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

// The join document the form sends is the one the real join route accepts: built from the shared
// rules' output, posted to the real app, answered 201; the same Idempotency-Key joins once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenApiClient, openApiClient } from "../../../test/factories/open-api-client.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { buildJoinSchema, type JoinContext } from "../../shared/queue/join-schema.ts";
import { callbackContactOptionsSchema } from "../../shared/vendor-settings.ts";
import { type JoinPlacement, joinDocument } from "./join-queue.ts";

const HOST = "northwind.localhost";

describe("join document", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let client: OpenApiClient;
  let placement: JoinPlacement;
  let questions: JoinContext["questions"];

  beforeAll(async () => {
    t = await buildTestApp();
    client = await openApiClient(t.app, HOST);
    const locations = (await client.request({ url: "/api/v2/open/locations" })).json();
    const toronto = locations.data.find(
      (l: { attributes: { city: string } }) => l.attributes.city === "Toronto",
    );
    const services = (
      await client.request({ url: `/api/v2/open/queue-appointments-services/${toronto.id}` })
    ).json();
    const dropOff = services.data[0].find(
      (s: { supportsWalkin: boolean; supportsCurbsidePickup: boolean }) =>
        s.supportsWalkin && s.supportsCurbsidePickup,
    );
    const asked = (
      await client.request({ url: `/api/v2/open/questions?filter[matching]=${dropOff.value}` })
    ).json();
    questions = asked.data.map(
      (q: {
        id: string;
        attributes: { type: "radio"; required: boolean; options: { value: number }[] };
      }) => ({
        id: Number(q.id),
        type: q.attributes.type,
        required: q.attributes.required,
        optionIds: q.attributes.options.map((o) => o.value),
      }),
    );
    placement = {
      locationId: toronto.id,
      serviceId: dropOff.value,
      workflowId: "wf-1",
      bookedThrough: "online_queue",
      mode: "invitation",
      source: "invitation",
      tracking: { utm_source: "newsletter" },
      lang: "fr",
    };
  });
  afterAll(() => t.close());

  const contextWith = (asked: JoinContext["questions"]): JoinContext => ({
    contactOptions: callbackContactOptionsSchema.parse({}),
    features: { notes_digit_validation: true, curbside_pickup: true },
    service: { supportsWalkin: true, supportsCurbsidePickup: true },
    location: { supportsCurbsidePickup: true },
    kiosk: false,
    clientView: { explicit_compliance_agreement: false, sms_notifications: true },
    questions: asked,
  });

  it("is accepted by the join route for a curbside pickup, with its tracking and source", async () => {
    // Every question the demo asks here is answered with its first option (or a text).
    const answers = questions.map((q) => ({
      question_id: q.id,
      value: q.type === "checkbox" ? [q.optionIds[0]] : (q.optionIds[0] ?? "An answer"),
    }));
    const request = buildJoinSchema(contextWith(questions)).parse({
      answers,
      first_name: "Grace",
      last_name: "Hopper",
      cell_phone: "+14165550199",
      receive_sms: true,
      fulfillment_method: 2,
      car_details: { make: "Volvo", model: "XC40", colour: "Blue", parking_space: "" },
      notes: "Blue car by the door",
    });
    const res = await client.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      payload: joinDocument(request, placement),
      headers: { "idempotency-key": "form-test-1" },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      booked_through: "online_queue",
      source: "invitation",
      fulfillment_method: 2,
      car_details: { make: "Volvo", model: "XC40", colour: "Blue", parking_space: null },
      notes: "Blue car by the door",
      workflow_id: "wf-1",
      lang: "fr",
      tracking: { utm_source: "newsletter" },
    });
    expect(res.json().data.relationships.answers.data).toHaveLength(answers.length);
    // The client is stored with the page's language, the one its messages will be sent in.
    const stored = res.json().included.find((item: { type: string }) => item.type === "clients");
    expect(stored.attributes.lang).toBe("fr");

    const again = await client.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      payload: joinDocument(request, placement),
      headers: { "idempotency-key": "form-test-1" },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(res.json().data.id);
  });

  it("sends no answers relationship when there are no answers, and the page's language as the client's", () => {
    const request = buildJoinSchema(contextWith([])).parse({
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
    });
    const document = joinDocument(request, placement);
    expect(document.data.relationships).not.toHaveProperty("answers");
    expect(document.data.relationships.client.data.attributes).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      cell_phone: null,
      receive_sms: false,
      lang: "fr",
    });
  });
});

// Test fixture: a visitor joins a demo branch's line through the open API, as the form would, and
// gets back the id and confirm code that the confirmation page is opened with.
import { type APIRequestContext, expect } from "@playwright/test";

export type Visit = { id: string; code: string; locationId: string };

type Question = {
  id: string;
  attributes: { type: string; required: boolean; options: { value: number }[] };
};

/** The demo branch with this external id (Toronto "NW-TOR-001" takes every method and curbside). */
export async function demoLocationId(request: APIRequestContext, externalId = "NW-TOR-001") {
  const response = await request.get("/api/v2/open/locations");
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as {
    data: { id: string; attributes: { external_id: string | null } }[];
  };
  const location = data.find((l) => l.attributes.external_id === externalId);
  if (!location) throw new Error(`demo location ${externalId} is not seeded`);
  return location.id;
}

/** A service of the location's line that allows walking in, or curbside pickup when asked. */
async function serviceId(request: APIRequestContext, locationId: string, curbside: boolean) {
  const response = await request.get(`/api/v2/open/queue-appointments-services/${locationId}`);
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as {
    data: [{ id: string; supportsWalkin: boolean; supportsCurbsidePickup: boolean }[], unknown[]];
  };
  const service = data[0].find((s) =>
    curbside ? s.supportsCurbsidePickup && !s.supportsWalkin : s.supportsWalkin,
  );
  if (!service) throw new Error("no suitable service at the demo location");
  return service.id;
}

/** Answers to the required questions of the service: the first option, or a short text. */
async function requiredAnswers(request: APIRequestContext, service: string) {
  const response = await request.get(`/api/v2/open/questions?filter[matching]=${service}`);
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: Question[] };
  return data
    .filter((q) => q.attributes.required)
    .map((q) => {
      const first = q.attributes.options[0]?.value;
      const value =
        q.attributes.type === "checkbox" ? [first] : first === undefined ? "Yes" : first;
      return { type: "answers", attributes: { question_id: q.id, value } };
    });
}

export type JoinOptions = {
  meetingMethod?: 1 | 2 | 3;
  curbside?: boolean;
  cellPhone?: string;
  lang?: string;
  /** agrees to texts */
  receiveSms?: boolean;
  name?: { first: string; last: string };
};

export async function joinLine(
  request: APIRequestContext,
  options: JoinOptions = {},
): Promise<Visit> {
  const vendor = await request.get("/api/v2/open/vendor");
  const { meta } = (await vendor.json()) as { meta: { csrf_token: string } };
  const locationId = await demoLocationId(request);
  const service = await serviceId(request, locationId, options.curbside ?? false);
  const answers = await requiredAnswers(request, service);
  const response = await request.post("/api/v2/open/queue-appointments", {
    headers: { "content-type": "application/vnd.api+json", "x-csrf-token": meta.csrf_token },
    data: {
      data: {
        type: "queue-appointments",
        attributes: {
          location_id: locationId,
          service_id: service,
          meeting_method: options.meetingMethod ?? 1,
          fulfillment_method: options.curbside ? 2 : 1,
          car_details: options.curbside
            ? { make: "Toyota", model: "Corolla", colour: "Blue", parking_space: "12" }
            : null,
          lang: options.lang ?? "en",
        },
        relationships: {
          client: {
            data: {
              type: "clients",
              attributes: {
                first_name: options.name?.first ?? "Ada",
                last_name: options.name?.last ?? "Lovelace",
                email: "ada.lovelace@example.com",
                cell_phone: options.cellPhone ?? "+14165550123",
                ...(options.receiveSms ? { receive_sms: true } : {}),
              },
            },
          },
          ...(answers.length ? { answers: { data: answers } } : {}),
        },
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const document = (await response.json()) as {
    data: { id: string; attributes: { confirm_code: string } };
  };
  return { id: document.data.id, code: document.data.attributes.confirm_code, locationId };
}

// The open queue API against the demo seed, as a page would drive it: initial state, locations,
// services and questions, join, look up, cancel; and the second demo vendor cannot see the place.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenApiClient, openApiClient } from "../../../test/factories/open-api-client.ts";
import { buildTestApp } from "../../../test/test-app.ts";

type Question = {
  id: string;
  attributes: { type: string; required: boolean; options: { value: number }[] };
};

describe("open queue API on the demo data", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let page: OpenApiClient;

  beforeAll(async () => {
    t = await buildTestApp();
    page = await openApiClient(t.app, "localhost");
  });
  afterAll(() => t.close());

  it("joins, shows and cancels a place at a demo location", async () => {
    const locations = (await page.request({ method: "GET", url: "/api/v2/open/locations" })).json()
      .data as {
      id: string;
      attributes: {
        restrict_callback_request_hours: boolean;
        is_currently_open: boolean;
        supports_in_person: boolean;
      };
    }[];
    expect(locations.length).toBeGreaterThan(0);
    const location = locations.find(
      (l) =>
        l.attributes.supports_in_person &&
        (!l.attributes.restrict_callback_request_hours || l.attributes.is_currently_open),
    );
    expect(location).toBeDefined();
    const [services] = (
      await page.request({
        method: "GET",
        url: `/api/v2/open/queue-appointments-services/${location!.id}`,
      })
    ).json().data as [{ value: string; supportsWalkin: boolean }[], unknown[]];
    const service = services.find((x) => x.supportsWalkin);
    expect(service).toBeDefined();
    const questions = (
      await page.request({
        method: "GET",
        url: `/api/v2/open/questions?filter[matching]=${service!.value}`,
      })
    ).json().data as Question[];
    const answers = questions
      .filter((q) => q.attributes.required)
      .map((q) => ({
        type: "answers",
        attributes: {
          question_id: q.id,
          value:
            q.attributes.type === "checkbox"
              ? [q.attributes.options[0]!.value]
              : (q.attributes.options[0]?.value ?? "Just visiting"),
        },
      }));

    const joined = await page.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      payload: {
        data: {
          type: "queue-appointments",
          attributes: {
            location_id: location!.id,
            service_id: service!.value,
            explicit_compliance_agreement: true,
          },
          relationships: {
            client: {
              data: {
                type: "clients",
                attributes: {
                  first_name: "Demo",
                  last_name: "Visitor",
                  email: "demo.visitor@example.com",
                  cell_phone: "+14165550199",
                },
              },
            },
            answers: { data: answers },
          },
        },
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const { id, attributes } = joined.json().data;

    const shown = await page.request({
      method: "GET",
      url: `/api/v2/open/queue-appointments/${id}?code=${attributes.confirm_code}`,
    });
    expect(shown.json().data.attributes.status).toBe("waiting");

    const harbour = await openApiClient(t.app, "harbour.localhost");
    const hidden = await harbour.request({
      method: "GET",
      url: `/api/v2/open/queue-appointments/${id}?code=${attributes.confirm_code}`,
    });
    expect(hidden.statusCode).toBe(404);

    const cancelled = await page.request({
      method: "PATCH",
      url: `/api/v2/open/queue-appointments/${id}`,
      payload: {
        data: {
          id,
          type: "queue-appointments",
          attributes: { status: "cancelled", confirm_code: attributes.confirm_code },
        },
      },
    });
    expect(cancelled.json().data.attributes.status).toBe("cancelled");
  });
});

// Contract of GET /api/v2/open/queue-appointments-services/{locationId} (spec §3, §7).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextRemoteAddress, openApiClient } from "../../../test/factories/open-api-client.ts";
import {
  createQueueScenario,
  joinDocument,
  type QueueScenario,
  VENDOR_HOST,
} from "../../../test/factories/queue-scenario.ts";
import { updateVendorSettings } from "../../../test/factories/vendors.ts";
import { buildTestApp } from "../../../test/test-app.ts";

describe("GET /api/v2/open/queue-appointments-services/{locationId}", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let s: QueueScenario;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    s = await createQueueScenario(t.db);
  });
  afterAll(() => t.close());

  const get = (locationId: number | string, headers: Record<string, string> = {}) =>
    t.app.inject({
      url: `/api/v2/open/queue-appointments-services/${locationId}`,
      headers: { host: VENDOR_HOST, ...headers },
      remoteAddress: nextRemoteAddress(),
    });

  it("lists the services offered at the location as dropdown items, with the fulfillments each allows there", async () => {
    const res = await get(s.location.id);
    expect(res.statusCode).toBe(200);
    const [services, waits] = res.json().data;
    expect(services).toEqual([
      {
        id: String(s.services.both.id),
        name: "Deposit a cheque",
        instructions: null,
        text: "Deposit a cheque",
        value: String(s.services.both.id),
        supportsCurbsidePickup: true,
        supportsWalkin: true,
        meetingMethods: [1, 2, 3],
      },
      expect.objectContaining({
        text: "Open an account",
        supportsCurbsidePickup: false,
        supportsWalkin: true,
      }),
      expect.objectContaining({
        text: "Pick up documents",
        supportsCurbsidePickup: true,
        supportsWalkin: false,
      }),
    ]);
    expect(waits).toEqual([]);
  });

  it("drops curbside where the vendor has it off, and services left with no way to be served", async () => {
    const restore = await updateVendorSettings(t.db, t.app, s.vendor.id, {
      features: { curbside_pickup: false },
    });
    const [services] = (await get(s.location.id)).json().data;
    await restore();
    expect(services.map((x: { text: string }) => x.text)).toEqual([
      "Deposit a cheque",
      "Open an account",
    ]);
    expect(
      services.every((x: { supportsCurbsidePickup: boolean }) => !x.supportsCurbsidePickup),
    ).toBe(true);
  });

  it("gives the wait-time list of the waiting visitors in line order", async () => {
    const client = await openApiClient(t.app, VENDOR_HOST);
    const joined = await client.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      payload: joinDocument(s),
    });
    const [, waits] = (await get(s.location.id)).json().data;
    expect(waits).toEqual([
      { id: joined.json().data.id, expected_start: joined.json().data.attributes.expected_start },
    ]);
  });

  it("translates service names per Accept-Language", async () => {
    const [services] = (await get(s.location.id, { "accept-language": "fr" })).json().data;
    expect(services.map((x: { text: string }) => x.text)).toContain("Ouvrir un compte");
  });

  it("answers 404 for another vendor's location", async () => {
    expect((await get(s.other.location.id)).statusCode).toBe(404);
    expect((await get(999_999)).statusCode).toBe(404);
  });
});

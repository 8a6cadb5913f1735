// Contract of GET /api/v2/open/questions[?filter[matching]={serviceId}] (spec §3 Question, §7).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextRemoteAddress } from "../../../test/factories/open-api-client.ts";
import {
  createQueueScenario,
  type QueueScenario,
  VENDOR_HOST,
} from "../../../test/factories/queue-scenario.ts";
import { updateVendorSettings } from "../../../test/factories/vendors.ts";
import { buildTestApp } from "../../../test/test-app.ts";

describe("GET /api/v2/open/questions", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let s: QueueScenario;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    s = await createQueueScenario(t.db);
  });
  afterAll(() => t.close());

  const get = (query = "", headers: Record<string, string> = {}) =>
    t.app.inject({
      url: `/api/v2/open/questions${query}`,
      headers: { host: VENDOR_HOST, ...headers },
      remoteAddress: nextRemoteAddress(),
    });

  it("lists every question of the vendor with its options", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: String(s.questions.reason.id),
        type: "questions",
        attributes: {
          type: "checkbox",
          label: "What brings you in?",
          placeholder: "Tick all that apply",
          required: true,
          options: s.questions.reason.options.map((o) => ({ value: o.id, text: o.text })),
        },
      },
      {
        id: String(s.questions.comment.id),
        type: "questions",
        attributes: {
          type: "text",
          label: "Anything else?",
          placeholder: null,
          required: false,
          options: [],
        },
      },
    ]);
  });

  it("keeps to the questions asked for one service with filter[matching]", async () => {
    const forWalkin = (await get(`?filter[matching]=${s.services.walkin.id}`)).json().data;
    expect(forWalkin.map((q: { id: string }) => q.id)).toEqual([
      String(s.questions.reason.id),
      String(s.questions.comment.id),
    ]);
    const forOther = (await get(`?filter[matching]=${s.services.both.id}`)).json().data;
    expect(forOther.map((q: { id: string }) => q.id)).toEqual([String(s.questions.comment.id)]);
  });

  it("translates labels and option texts", async () => {
    const [reason] = (await get("", { "accept-language": "fr" })).json().data;
    expect(reason.attributes.label).toBe("Qu’est-ce qui vous amène ?");
    expect(reason.attributes.options.map((o: { text: string }) => o.text)).toEqual([
      "Savings",
      "Prêts",
    ]);
  });

  it("asks nothing when the vendor has walk-in questions off", async () => {
    const restore = await updateVendorSettings(t.db, t.app, s.vendor.id, {
      client_view: { walkin_questions: false },
    });
    const res = await get();
    await restore();
    expect(res.json().data).toEqual([]);
  });

  it("answers 404 for another vendor's service and 422 for a malformed one", async () => {
    expect((await get(`?filter[matching]=${s.other.service.id}`)).statusCode).toBe(404);
    const bad = await get("?filter[matching]=abc");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].source).toEqual({ parameter: "filter[matching]" });
  });
});

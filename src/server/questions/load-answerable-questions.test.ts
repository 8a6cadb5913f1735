// The join's lean question loader answers exactly what the full loader does, for every service.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../../test/test-app.ts";
import { services, vendors } from "../db/schema.ts";
import { loadAnswerableQuestions } from "./load-answerable-questions.ts";
import { loadQuestions } from "./load-questions.ts";

describe("loadAnswerableQuestions", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("gives each demo service's questions with their types, required flags and option ids in order", async () => {
    let compared = 0;
    for (const vendor of await t.db.select({ id: vendors.id }).from(vendors)) {
      const offered = await t.db
        .select({ id: services.id })
        .from(services)
        .where(eq(services.vendorId, vendor.id));
      for (const service of offered) {
        const scope = { vendorId: vendor.id, serviceId: service.id };
        const full = await loadQuestions(t.db, scope);
        expect(await loadAnswerableQuestions(t.db, scope)).toEqual(
          full.map((q) => ({
            id: q.id,
            type: q.type,
            required: q.required,
            optionIds: q.options.map((o) => o.id),
          })),
        );
        compared += full.filter((q) => q.options.length > 1).length;
      }
    }
    // The demo data has questions with several options, so the option lists were really compared.
    expect(compared).toBeGreaterThan(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../../test/test-database.ts";
import type { Database } from "../../db/client.ts";
import { reportQuoteAccuracy, summarizeQuoteAccuracy } from "./quote-accuracy.ts";
import { createBranch, minutesFromNow } from "./wait-time-test-factory.ts";

describe("summarizeQuoteAccuracy", () => {
  it("reports nothing to measure without served visitors", () => {
    expect(summarizeQuoteAccuracy([])).toEqual({
      count: 0,
      medianAbsoluteErrorSeconds: null,
      medianBiasSeconds: null,
      withinFiveMinutesShare: null,
    });
  });

  it("measures the median error, its direction and the share of quotes within five minutes", () => {
    const quotes = [
      { quotedWaitSeconds: 600, actualWaitSeconds: 660 }, // +60
      { quotedWaitSeconds: 600, actualWaitSeconds: 300 }, // −300, still within 5 minutes
      { quotedWaitSeconds: 900, actualWaitSeconds: 1_500 }, // +600
      { quotedWaitSeconds: 0, actualWaitSeconds: 120 }, // +120
    ];
    expect(summarizeQuoteAccuracy(quotes)).toEqual({
      count: 4,
      medianAbsoluteErrorSeconds: 210,
      medianBiasSeconds: 90,
      withinFiveMinutesShare: 0.75,
    });
  });
});

describe("reportQuoteAccuracy", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("measures the visitors who joined on that local day, with both a quote and an actual wait", async () => {
    const branch = await createBranch(database.db);
    const other = await createBranch(database.db);
    const service = await branch.addService();
    const quoted = (createdAt: Date, quotedWaitSeconds: number, actualWaitSeconds?: number) =>
      branch.addVisitor({
        serviceId: service,
        status: "completed",
        createdAt,
        quotedWaitSeconds,
        ...(actualWaitSeconds === undefined ? {} : { actualWaitSeconds }),
      });
    await quoted(minutesFromNow(-60), 600, 700); // 10:00 Toronto, off by 100 s
    await quoted(minutesFromNow(0), 600, 1_200); // off by 600 s
    await quoted(minutesFromNow(10), 300); // not served yet: no actual wait
    await quoted(minutesFromNow(-12 * 60), 600, 600); // 23:00 the day before, in Toronto
    await other.addVisitor({
      serviceId: await other.addService(),
      createdAt: minutesFromNow(0),
      quotedWaitSeconds: 0,
      actualWaitSeconds: 0,
    });

    const report = await reportQuoteAccuracy(database.db, { ...branch.scope, day: "2030-03-12" });

    expect(report).toEqual({
      count: 2,
      medianAbsoluteErrorSeconds: 350,
      medianBiasSeconds: 350,
      withinFiveMinutesShare: 0.5,
    });
  });
});

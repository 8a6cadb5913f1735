import { describe, expect, it } from "vitest";
import { createConcurrencyLimit } from "./adaptive-concurrency-limit.ts";

const options = { initial: 10, min: 2, max: 40, targetMs: 500 };

/** Fills the limit, answers everything admitted after `latencyMs`, and closes the interval. */
function saturatedInterval(limit: ReturnType<typeof createConcurrencyLimit>, latencyMs: number) {
  let admitted = 0;
  while (limit.tryAcquire()) admitted++;
  for (let i = 0; i < admitted; i++) limit.release(latencyMs);
  limit.adjust();
}

describe("adaptive limit on requests in flight", () => {
  it("admits up to the limit and refuses the next request until one is answered", () => {
    const limit = createConcurrencyLimit(options);
    for (let i = 0; i < 10; i++) expect(limit.tryAcquire()).toBe(true);
    expect(limit.tryAcquire()).toBe(false);
    limit.release(20);
    expect(limit.tryAcquire()).toBe(true);
  });

  it("shrinks while saturated requests are slower than the target, never below the floor", () => {
    const limit = createConcurrencyLimit(options);
    saturatedInterval(limit, 2_000);
    expect(limit.limit).toBe(8);
    for (let i = 0; i < 20; i++) saturatedInterval(limit, 2_000);
    expect(limit.limit).toBe(2);
  });

  it("grows while saturated requests finish within the target, never above the ceiling", () => {
    const limit = createConcurrencyLimit(options);
    saturatedInterval(limit, 100);
    expect(limit.limit).toBe(11);
    for (let i = 0; i < 100; i++) saturatedInterval(limit, 100);
    expect(limit.limit).toBe(40);
  });

  it("learns nothing from slow requests while it is not what holds them back", () => {
    const limit = createConcurrencyLimit(options);
    expect(limit.tryAcquire()).toBe(true);
    limit.release(5_000);
    limit.adjust();
    expect(limit.limit).toBe(10);
  });

  it("drifts back to where it started once the pressure is gone", () => {
    const limit = createConcurrencyLimit(options);
    for (let i = 0; i < 5; i++) saturatedInterval(limit, 2_000);
    const lowered = limit.limit;
    expect(lowered).toBeLessThan(10);
    for (let i = 0; i < 20; i++) limit.adjust();
    expect(limit.limit).toBe(10);
  });

  it("steers to the target on p90, so a few slow requests among fast ones do not shrink it", () => {
    const limit = createConcurrencyLimit(options);
    let admitted = 0;
    while (limit.tryAcquire()) admitted++;
    for (let i = 0; i < admitted; i++) limit.release(i === 0 ? 5_000 : 50);
    limit.adjust();
    expect(limit.limit).toBe(11);
  });
});

// /me is read again before its realtime token runs out, never in a tight loop, and not at all
// when nobody is signed in.
import { describe, expect, it } from "vitest";
import { renewalDelay } from "./me.ts";

const me = (expiresAt: string) =>
  ({ realtime: { token: "t", expires_at: expiresAt } }) as Parameters<typeof renewalDelay>[0];

describe("renewalDelay", () => {
  const now = Date.parse("2026-03-02T10:00:00.000Z");

  it("renews ten minutes before the token expires", () => {
    expect(renewalDelay(me("2026-03-02T22:00:00.000Z"), now)).toBe(12 * 3600_000 - 600_000);
  });

  it("waits at least a minute, even for a token about to expire", () => {
    expect(renewalDelay(me("2026-03-02T10:05:00.000Z"), now)).toBe(60_000);
  });

  it("never asks a timer for more than a day, which it would run at once", () => {
    expect(renewalDelay(me("2099-01-01T00:00:00.000Z"), now)).toBe(24 * 3600_000);
  });

  it("does not poll without a session or a readable expiry", () => {
    expect(renewalDelay(null, now)).toBe(false);
    expect(renewalDelay(me("soon"), now)).toBe(false);
  });
});

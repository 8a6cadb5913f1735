import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createResetTimer,
  isConfirmationPath,
  isExemptFromReset,
  KIOSK_CONFIRMATION_RESET_MS,
  KIOSK_INACTIVITY_MS,
  secondsLeft,
} from "./kiosk-timers.ts";

describe("the kiosk's clocks", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("uses the spec's 30 s of inactivity and 8.5 s after a confirmation", () => {
    expect(KIOSK_INACTIVITY_MS).toBe(30_000);
    expect(KIOSK_CONFIRMATION_RESET_MS).toBe(8_500);
  });

  it("fires once the full delay passes without a restart", () => {
    const elapsed = vi.fn();
    const timer = createResetTimer(30_000, elapsed);
    timer.restart();
    vi.advanceTimersByTime(29_999);
    expect(elapsed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(elapsed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(elapsed).toHaveBeenCalledTimes(1);
  });

  it("starts the full delay again on every restart", () => {
    const elapsed = vi.fn();
    const timer = createResetTimer(30_000, elapsed);
    timer.restart();
    vi.advanceTimersByTime(20_000);
    timer.restart();
    vi.advanceTimersByTime(20_000);
    expect(elapsed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(elapsed).toHaveBeenCalledTimes(1);
  });

  it("never fires once stopped", () => {
    const elapsed = vi.fn();
    const timer = createResetTimer(8_500, elapsed);
    timer.restart();
    timer.stop();
    vi.advanceTimersByTime(10_000);
    expect(elapsed).not.toHaveBeenCalled();
  });

  it("exempts the landing and method pages only", () => {
    expect(isExemptFromReset("/how")).toBe(true);
    expect(isExemptFromReset("/where/")).toBe(true);
    expect(isExemptFromReset("/callback-service/3")).toBe(false);
    expect(isExemptFromReset("/callback-service/confirmation")).toBe(false);
    expect(isExemptFromReset("/")).toBe(false);
  });

  it("knows the confirmation and manage pages", () => {
    expect(isConfirmationPath("/callback-service/confirmation")).toBe(true);
    expect(isConfirmationPath("/callback-service/manage")).toBe(true);
    expect(isConfirmationPath("/callback-service/3")).toBe(false);
  });

  it("counts whole seconds down, rounding up, never below zero", () => {
    expect(secondsLeft(8_500, 0)).toBe(9);
    expect(secondsLeft(8_500, 7_600)).toBe(1);
    expect(secondsLeft(8_500, 8_500)).toBe(0);
    expect(secondsLeft(8_500, 9_000)).toBe(0);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createInactivityTimer,
  createResetTimer,
  isConfirmationPath,
  isExemptFromReset,
  KIOSK_CONFIRMATION_RESET_MS,
  KIOSK_INACTIVITY_MS,
  KIOSK_STILL_THERE_MS,
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

  it("knows the confirmation and manage pages, of a place in line and of an appointment", () => {
    expect(isConfirmationPath("/callback-service/confirmation")).toBe(true);
    expect(isConfirmationPath("/callback-service/manage")).toBe(true);
    expect(isConfirmationPath("/callback-service/3")).toBe(false);
    expect(isConfirmationPath("/appointments/confirmation")).toBe(true);
    expect(isConfirmationPath("/appointments/manage")).toBe(true);
    expect(isConfirmationPath("/attendee-details")).toBe(false);
  });

  it("counts whole seconds down, rounding up, never below zero", () => {
    expect(secondsLeft(8_500, 0)).toBe(9);
    expect(secondsLeft(8_500, 7_600)).toBe(1);
    expect(secondsLeft(8_500, 8_500)).toBe(0);
    expect(secondsLeft(8_500, 9_000)).toBe(0);
  });
});

describe("are you still there?", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = () => {
    const warn = vi.fn();
    const idle = vi.fn();
    const timer = createInactivityTimer({
      ms: KIOSK_INACTIVITY_MS,
      warnBeforeMs: KIOSK_STILL_THERE_MS,
      onWarn: warn,
      onIdle: idle,
    });
    timer.restart();
    return { warn, idle, timer };
  };

  it("asks 10 s before the 30 s inactivity reset, then starts over", () => {
    expect(KIOSK_STILL_THERE_MS).toBe(10_000);
    const { warn, idle } = start();
    vi.advanceTimersByTime(19_999);
    expect(warn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(warn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9_999);
    expect(idle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("gives the full 30 s again when the visitor answers while asked", () => {
    const { warn, idle, timer } = start();
    vi.advanceTimersByTime(25_000);
    expect(warn).toHaveBeenCalledTimes(1);
    timer.restart();
    vi.advanceTimersByTime(19_999);
    expect(idle).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(warn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    expect(idle).toHaveBeenCalledTimes(1);
  });

  it("asks nothing and resets nothing once stopped", () => {
    const { warn, idle, timer } = start();
    vi.advanceTimersByTime(5_000);
    timer.stop();
    vi.advanceTimersByTime(60_000);
    expect(warn).not.toHaveBeenCalled();
    expect(idle).not.toHaveBeenCalled();
  });
});

// @vitest-environment jsdom
// The arrival chime is off until turned on, and the choice outlives the page on this device.
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ARRIVAL_SOUND_KEY, useArrivalSound } from "./use-arrival-sound.ts";

afterEach(() => localStorage.clear());

describe("useArrivalSound", () => {
  it("starts off, and remembers being turned on and off", () => {
    const first = renderHook(() => useArrivalSound());
    expect(first.result.current.enabled).toBe(false);
    act(() => first.result.current.toggle());
    expect(first.result.current.enabled).toBe(true);
    expect(localStorage.getItem(ARRIVAL_SOUND_KEY)).toBe("on");

    const later = renderHook(() => useArrivalSound());
    expect(later.result.current.enabled).toBe(true);
    act(() => later.result.current.toggle());
    expect(localStorage.getItem(ARRIVAL_SOUND_KEY)).toBe("off");
  });
});

// @vitest-environment jsdom
// The staff channels of the given locations: their events and reconnects reach the handler, the
// channels are left on unmount, and an expired token sends for a fresh one (GET /me again).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { recordingStaffRealtime, staffMe } from "../../office/office-test-harness.tsx";
import { RealtimeContext } from "../realtime/realtime-context.tsx";
import { meQueryKey } from "./me.ts";
import { type StaffLocationEvent, useStaffLocationEvents } from "./use-staff-location-events.ts";

afterEach(cleanup);

function follow(locationIds: string[]) {
  const realtime = recordingStaffRealtime();
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQueryKey, staffMe());
  const events: StaffLocationEvent[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <RealtimeContext value={realtime.client}>{children}</RealtimeContext>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useStaffLocationEvents(locationIds, (e) => events.push(e)), {
    wrapper,
  });
  return { ...hook, realtime, queryClient, events };
}

describe("useStaffLocationEvents", () => {
  it("passes on every location's changes and the reconnects, and leaves on unmount", () => {
    const { realtime, events, unmount } = follow(["1", "5"]);
    expect([...realtime.channels.keys()]).toEqual(["1", "5"]);
    act(() => {
      realtime.channels.get("5")!.queueAppointmentChanged!({ id: "9" });
      realtime.channels.get("1")!.waitTimes!([]);
      realtime.channels.get("5")!.queueAppointmentMessagesChanged!({ id: "9" });
      realtime.resync();
    });
    expect(events).toEqual([
      { kind: "appointment-changed", locationId: "5", resource: { id: "9" } },
      { kind: "wait-times", locationId: "1" },
      { kind: "messages-changed", locationId: "5", queueAppointmentId: "9" },
      { kind: "resync" },
    ]);
    unmount();
    expect(realtime.channels.size).toBe(0);
  });

  it("reads /me again for a fresh token when the channel says the token has expired", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { realtime, queryClient } = follow(["5"]);
    act(() =>
      realtime.channels.get("5")!.onError!({ status: 401, code: "token_expired", message: "" }),
    );
    expect(queryClient.getQueryState(meQueryKey)?.isInvalidated).toBe(true);
  });
});

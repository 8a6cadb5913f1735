// @vitest-environment jsdom
// The live wait-time list of a location, dropped for a re-read after a reconnect; the page's query is
// re-read too once the location's subscription takes.
import { QueryClient } from "@tanstack/react-query";
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  recordingClient,
  wrapperWith,
} from "../../../../test/realtime/recording-realtime-client.tsx";
import type { RealtimeClient } from "./realtime-client.ts";
import { useRealtimeLocationWaitTimes } from "./use-realtime-location-wait-times.ts";

describe("useRealtimeLocationWaitTimes", () => {
  afterEach(cleanup);

  it("returns the latest list, and drops it for a re-read after a reconnect", () => {
    const { client, locations, resync } = recordingClient();
    const queryClient = new QueryClient();
    const queryKey = ["wait-times", "3"];
    queryClient.setQueryData(queryKey, []);
    const { result } = renderHook(() => useRealtimeLocationWaitTimes({ locationId: 3, queryKey }), {
      wrapper: wrapperWith(client, queryClient),
    });
    const entries = [
      { id: "7", attributes: { expected_start: "2030-01-01T10:00:00.000Z", people_ahead: 0 } },
    ];
    act(() => locations[0]!.handler(entries));
    expect(result.current).toEqual(entries);
    act(() => resync());
    expect(result.current).toBeNull();
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
  });

  it("re-reads the page's query when the server confirms the location's channel, keeping the list", () => {
    const recording = recordingClient();
    const confirmations: (() => void)[] = [];
    const client: RealtimeClient = {
      ...recording.client,
      subscribeToLocation: (id, handler, onError, onSubscribed) => {
        if (onSubscribed) confirmations.push(onSubscribed);
        return recording.client.subscribeToLocation(id, handler, onError);
      },
    };
    const queryClient = new QueryClient();
    const queryKey = ["wait-times", "3"];
    queryClient.setQueryData(queryKey, []);
    const { result } = renderHook(() => useRealtimeLocationWaitTimes({ locationId: 3, queryKey }), {
      wrapper: wrapperWith(client, queryClient),
    });
    expect(confirmations).toHaveLength(1);
    const entries = [
      { id: "7", attributes: { expected_start: "2030-01-01T10:00:00.000Z", people_ahead: 0 } },
    ];
    act(() => recording.locations[0]!.handler(entries));
    act(() => confirmations[0]!());
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
    expect(result.current).toEqual(entries);
  });
});

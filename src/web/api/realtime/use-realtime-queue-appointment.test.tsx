// @vitest-environment jsdom
// The confirmation page's live fields: laid over the cached appointment as they arrive, and the
// appointment re-read after a reconnect and once its subscription takes. The client is a recording
// stand-in for the socket.
import { QueryClient } from "@tanstack/react-query";
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  recordingClient,
  wrapperWith,
} from "../../../../test/realtime/recording-realtime-client.tsx";
import type { QueueAppointmentLiveAttributes } from "../../../shared/contracts/realtime.ts";
import type { RealtimeClient } from "./realtime-client.ts";
import {
  useRealtimeQueueAppointment,
  withLiveAttributes,
} from "./use-realtime-queue-appointment.ts";

const live: QueueAppointmentLiveAttributes = {
  status: "in_progress",
  dial_in: null,
  meeting_link: "https://meet.example.test/x",
  user: { full_name: "Sam Lee" },
  called_at: null,
  call: null,
};

describe("useRealtimeQueueAppointment", () => {
  afterEach(cleanup);

  it("lays live attributes over the cached document and leaves other shapes alone", () => {
    const cached = {
      data: { id: "7", attributes: { status: "waiting", confirm_code: "ABC", meeting_link: null } },
    };
    expect(withLiveAttributes(cached, live)).toEqual({
      data: { id: "7", attributes: { ...live, confirm_code: "ABC" } },
    });
    expect(withLiveAttributes(undefined, live)).toBeUndefined();
    expect(withLiveAttributes({ other: 1 }, live)).toEqual({ other: 1 });
  });

  it("subscribes with the confirm code, updates the cache, and re-reads the appointment after a reconnect", async () => {
    const { client, subscriptions, resync } = recordingClient();
    const queryClient = new QueryClient();
    const queryKey = ["queue-appointment", "7"];
    queryClient.setQueryData(queryKey, { data: { id: "7", attributes: { status: "waiting" } } });
    const { result, unmount } = renderHook(
      () => useRealtimeQueueAppointment({ id: 7, confirmCode: "ABC", queryKey }),
      { wrapper: wrapperWith(client, queryClient) },
    );
    expect(subscriptions.map(({ id, code }) => [id, code])).toEqual([[7, "ABC"]]);

    act(() => subscriptions[0]!.handler({ attributes: live }));
    expect(result.current).toEqual(live);
    expect(queryClient.getQueryData(queryKey)).toMatchObject({
      data: { attributes: { status: "in_progress" } },
    });

    act(() => resync());
    expect(result.current).toBeNull();
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);

    unmount();
    expect(subscriptions).toEqual([]);
  });

  it("re-reads the appointment each time the server confirms its channel, and not after stopping", () => {
    const recording = recordingClient();
    const confirmations: (() => void)[] = [];
    const client: RealtimeClient = {
      ...recording.client,
      subscribeToQueueAppointment: (id, code, handler, onError, onSubscribed) => {
        if (onSubscribed) confirmations.push(onSubscribed);
        return recording.client.subscribeToQueueAppointment(id, code, handler, onError);
      },
    };
    const queryClient = new QueryClient();
    const queryKey = ["queue-appointment", "7"];
    queryClient.setQueryData(queryKey, { data: { id: "7", attributes: { status: "waiting" } } });
    const { result, unmount } = renderHook(
      () => useRealtimeQueueAppointment({ id: 7, confirmCode: "ABC", queryKey }),
      { wrapper: wrapperWith(client, queryClient) },
    );
    expect(confirmations).toHaveLength(1);
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(false);

    act(() => confirmations[0]!());
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);

    // A re-subscribe after a reconnect confirms again: the live fields give way to a fresh read.
    queryClient.setQueryData(queryKey, { data: { id: "7", attributes: { status: "waiting" } } });
    act(() => recording.subscriptions[0]!.handler({ attributes: live }));
    expect(result.current).toEqual(live);
    act(() => confirmations[0]!());
    expect(result.current).toBeNull();
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
    unmount();
  });
});

// @vitest-environment jsdom
// The live indicator: nothing while the channel is up or during a short drop; after 10 s down, the
// time of the last update; gone again, by itself, once the channel is back.
import { QueryClient } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  recordingClient,
  wrapperWith,
} from "../../../../test/realtime/recording-realtime-client.tsx";
import en from "../../../shared/i18n/en.json" with { type: "json" };
import { LIVE_DOWN_NOTICE_MS } from "../../api/realtime/use-live-updates-down.ts";
import { LiveStatus } from "./live-status.tsx";

const messages = en as Record<string, string>;

function renderStatus() {
  const realtime = recordingClient();
  const Wrapper = wrapperWith(realtime.client, new QueryClient());
  render(
    <Wrapper>
      <IntlProvider locale="en" messages={messages} timeZone="UTC">
        <LiveStatus />
      </IntlProvider>
    </Wrapper>,
  );
  return realtime;
}

const realSetTimeout = globalThis.setTimeout;

/** The status once the notice's catalog part (a dynamic import, on the real clock) has loaded. */
async function notice() {
  for (let i = 0; i < 200 && !screen.queryByText(/^Live updates are paused/); i++) {
    await act(async () => {
      await new Promise((resolve) => realSetTimeout(resolve, 10));
      await vi.advanceTimersByTimeAsync(1);
    });
  }
  return screen.getByRole("status").textContent;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2025-03-10T15:00:00Z"));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("the live indicator", () => {
  it("says nothing while live, nor for a drop under 10 s", async () => {
    const realtime = renderStatus();
    act(() => realtime.setConnected(true));
    act(() => realtime.setConnected(false));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_DOWN_NOTICE_MS - 1_000);
    });
    act(() => realtime.setConnected(true));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_DOWN_NOTICE_MS * 2);
    });
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("after 10 s down gives the time of the last update, and clears when live again", async () => {
    const realtime = renderStatus();
    act(() => realtime.setConnected(true));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    act(() => realtime.setConnected(false));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_DOWN_NOTICE_MS);
    });
    expect(await notice()).toBe(
      "Live updates are paused: this page was last updated at 3:01 PM. Reconnecting…",
    );
    act(() => realtime.setConnected(true));
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("counts from the start when the channel never came up", async () => {
    renderStatus();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_DOWN_NOTICE_MS);
    });
    expect(await notice()).toContain("last updated at 3:00 PM");
  });
});

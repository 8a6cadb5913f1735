// @vitest-environment jsdom
// The dashboard shows each location's day and re-reads it when realtime says one of the staff
// member's lines changed (a burst of events, one re-read).
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DashboardDocument, LocationDay } from "../../api/office/dashboard.ts";
import { LIVE_REFRESH_DELAY_MS } from "../../api/office/use-live-refresh.ts";
import {
  json,
  recordingStaffRealtime,
  renderOffice,
  stubServer,
  t,
} from "../office-test-harness.tsx";
import { DashboardPage } from "./dashboard-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function day(served: number, overrides: Partial<LocationDay["attributes"]> = {}): LocationDay {
  return {
    type: "location-days",
    id: "5:2026-03-02",
    attributes: {
      location_id: "5",
      location_name: "Warszawa — Złota",
      timezone: "Europe/Warsaw",
      date: "2026-03-02",
      live: true,
      joined: 14,
      served,
      no_shows: 1,
      cancelled: 2,
      waiting_now: 4,
      in_progress_now: 2,
      longest_waiting_now_seconds: 18 * 60,
      median_wait_seconds: 9 * 60,
      longest_wait_seconds: 31 * 60,
      quote_accuracy: {
        count: 8,
        median_absolute_error_seconds: 4 * 60,
        median_bias_seconds: 3 * 60,
        within_five_minutes_share: 0.75,
      },
      ...overrides,
    },
  };
}

const documentOf = (days: LocationDay[]): DashboardDocument => ({
  data: days,
  meta: { generated_at: "2026-03-02T10:00:00.000Z" },
});

describe("the dashboard", () => {
  it("shows the day's figures of each location", async () => {
    stubServer({ "GET /api/internal/v1/dashboard": () => json(200, documentOf([day(9)])) });
    renderOffice(<DashboardPage />, { at: "/dashboard" });
    const card = await screen.findByRole("article", { name: "Warszawa — Złota" });
    const figure = (label: string) =>
      within(card).getByText(label).closest("div")!.querySelector("dd")!.textContent;
    expect(figure(t("Office.stat_waiting_now"))).toBe("4");
    expect(figure(t("Office.stat_in_progress"))).toBe("2");
    expect(figure(t("Office.stat_served"))).toBe("9");
    expect(figure(t("Office.stat_no_shows"))).toBe("1");
    expect(figure(t("Office.stat_median_wait"))).toBe("9 min");
    expect(figure(t("Office.stat_longest_wait"))).toBe("31 min");
    expect(figure(t("Office.stat_quote_accuracy"))).toBe("75% within 5 min (8 visitors)");
    // bias is actual − quoted: positive, visitors waited longer than quoted
    expect(figure(t("Office.stat_quote_bias"))).toBe("Waits 3 min longer than quoted");
  });

  it("says what it cannot know yet instead of showing zeros", async () => {
    const empty = day(0, {
      median_wait_seconds: null,
      longest_wait_seconds: null,
      quote_accuracy: {
        count: 0,
        median_absolute_error_seconds: null,
        median_bias_seconds: null,
        within_five_minutes_share: null,
      },
    });
    stubServer({ "GET /api/internal/v1/dashboard": () => json(200, documentOf([empty])) });
    renderOffice(<DashboardPage />, { at: "/dashboard" });
    const card = await screen.findByRole("article", { name: "Warszawa — Złota" });
    expect(within(card).getByText(t("Office.quote_accuracy_none"))).toBeTruthy();
    expect(within(card).queryByText(t("Office.stat_quote_error"))).toBeNull();
  });

  it("re-reads once after a burst of realtime events on the staff member's lines", async () => {
    let served = 9;
    const calls = stubServer({
      "GET /api/internal/v1/dashboard": () => json(200, documentOf([day(served)])),
    });
    const realtime = recordingStaffRealtime();
    renderOffice(<DashboardPage />, { at: "/dashboard", realtime: realtime.client });
    await screen.findByRole("article", { name: "Warszawa — Złota" });
    expect([...realtime.channels.keys()]).toEqual(["5"]);

    served = 10;
    act(() => {
      const channel = realtime.channels.get("5")!;
      channel.queueAppointmentChanged!({ id: "1" });
      channel.waitTimes!([]);
    });
    await waitFor(() => expect(screen.getByText("10")).toBeTruthy(), {
      timeout: LIVE_REFRESH_DELAY_MS * 8,
    });
    expect(calls.filter((call) => call.path === "/api/internal/v1/dashboard")).toHaveLength(2);
  });
});

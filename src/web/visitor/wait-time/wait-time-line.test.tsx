// @vitest-environment jsdom
// The form's wait line: loading, then the wait in the §4 wording or "no walk-ins currently",
// recomputed every 30 s as the expected start comes closer.
import { act, cleanup, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import en from "../../../shared/i18n/en.json" with { type: "json" };
import es from "../../../shared/i18n/es.json" with { type: "json" };
import { formatWaitTime } from "./format-wait-time.ts";
import { WAIT_REFRESH_MS } from "./use-now.ts";
import { WaitTimeLine } from "./wait-time-line.tsx";

const NOW = new Date("2025-03-10T15:00:00Z");
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

function renderLine(props: Parameters<typeof WaitTimeLine>[0], locale = "en") {
  const messages = (locale === "es" ? es : en) as Record<string, string>;
  return render(
    <IntlProvider locale={locale} messages={messages}>
      <WaitTimeLine {...props} />
    </IntlProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("WaitTimeLine", () => {
  it("says it is loading, as a status", () => {
    renderLine({ loading: true, expectedStart: inMinutes(10) });
    expect(screen.getByRole("status").textContent).toBe("Loading the wait time…");
  });

  it("says nobody is waiting when there is no expected start", () => {
    renderLine({ loading: false, expectedStart: null });
    expect(screen.getByText("No walk-ins currently")).toBeTruthy();
  });

  it("gives the wait in hours and minutes over 90 minutes, and at least 5 minutes", () => {
    const { rerender } = renderLine({ loading: false, expectedStart: inMinutes(95) });
    expect(screen.getByText(/Current wait time/).textContent).toBe(
      "Current wait time: 1 hour, 35 minutes",
    );
    rerender(
      <IntlProvider locale="en" messages={en as Record<string, string>}>
        <WaitTimeLine loading={false} expectedStart={inMinutes(0)} />
      </IntlProvider>,
    );
    expect(screen.getByText(/Current wait time/).textContent).toBe("Current wait time: 5 minutes");
  });

  it("counts down every 30 seconds without a new estimate", () => {
    renderLine({ loading: false, expectedStart: inMinutes(20) });
    expect(screen.getByText(/Current wait time/).textContent).toContain("20 minutes");
    act(() => vi.advanceTimersByTime(2 * WAIT_REFRESH_MS));
    expect(screen.getByText(/Current wait time/).textContent).toContain("19 minutes");
  });

  it("speaks the visitor's language", () => {
    renderLine({ loading: false, expectedStart: inMinutes(95) }, "es");
    expect(screen.getByText(/Tiempo de espera/).textContent).toBe(
      "Tiempo de espera actual: 1 hora y 35 minutos",
    );
  });
});

describe("formatWaitTime", () => {
  it("reads none, next, or a wait", () => {
    expect(formatWaitTime(null, NOW, "en")).toEqual({ kind: "none" });
    expect(formatWaitTime(inMinutes(0.5), NOW, "en")).toEqual({ kind: "next" });
    expect(formatWaitTime(inMinutes(-3), NOW, "en")).toEqual({ kind: "next" });
    expect(formatWaitTime(inMinutes(3), NOW, "en")).toEqual({
      kind: "wait",
      minutes: 3,
      duration: "5 minutes",
    });
    const french = formatWaitTime(inMinutes(3 * 24 * 60), NOW, "fr");
    expect(french.kind === "wait" && french.duration.replace(/\s/g, " ")).toBe("3 jours");
  });
});

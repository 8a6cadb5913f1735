// @vitest-environment jsdom
// The finder's search box as a combobox: suggestions 200 ms after the last keystroke, chosen with
// the arrows and Enter or the mouse; Enter alone searches the text; failures stay silent (spec §8).
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { IntlProvider } from "react-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import en from "../../../shared/i18n/en.json" with { type: "json" };
import {
  createOfflinePlacesProvider,
  type PlaceSuggestion,
  type PlacesProvider,
} from "../../api/places.ts";
import { demoLocations } from "./finder-fixtures.ts";
import { PlaceSearchBox } from "./place-search-box.tsx";
import { SUGGESTION_DEBOUNCE_MS } from "./use-place-suggestions.ts";

const messages = en as Record<string, string>;

type Calls = { chosen: PlaceSuggestion[]; searched: string[]; cleared: number };

function Harness({ provider, calls }: { provider: PlacesProvider; calls: Calls }) {
  const [value, setValue] = useState("");
  return (
    <PlaceSearchBox
      provider={provider}
      value={value}
      onValueChange={setValue}
      onChoosePlace={(s) => calls.chosen.push(s)}
      onSearchText={(text) => calls.searched.push(text)}
      onClear={() => {
        calls.cleared += 1;
      }}
    />
  );
}

function renderBox(provider: PlacesProvider) {
  const calls: Calls = { chosen: [], searched: [], cleared: 0 };
  render(
    <IntlProvider locale="en" messages={messages}>
      <Harness provider={provider} calls={calls} />
    </IntlProvider>,
  );
  const input = screen.getByRole("combobox", { name: messages["LocationFinder.search_label"] });
  return { input, chosen: calls.chosen, searched: calls.searched, cleared: () => calls.cleared };
}

async function type(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("PlaceSearchBox", () => {
  it("asks for suggestions only after 200 ms without typing, once for the last text", async () => {
    const offline = createOfflinePlacesProvider(demoLocations());
    const suggest = vi.fn(offline.suggest);
    const { input } = renderBox({ ...offline, suggest });
    fireEvent.change(input, { target: { value: "to" } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS - 50);
    });
    fireEvent.change(input, { target: { value: "toron" } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS - 1);
    });
    expect(suggest).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(suggest.mock.calls[0]![0]).toBe("toron");
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Toronto, ONCanada",
      "Toronto — First Canadian Place100 King Street West, Toronto, ON M5X 1A9, CA",
      "Toronto — Yonge & Eglinton2300 Yonge Street, Toronto, ON M4P 1E4, CA",
    ]);
  });

  it("moves through the suggestions with the arrows, wrapping, and chooses with Enter", async () => {
    const { input, chosen } = renderBox(createOfflinePlacesProvider(demoLocations()));
    await type(input, "toron");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    const second = screen.getAllByRole("option")[1]!;
    expect(input.getAttribute("aria-activedescendant")).toBe(second.id);
    expect(second.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "ArrowUp" });
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input.getAttribute("aria-activedescendant")).toBe(screen.getAllByRole("option")[2]!.id);
    fireEvent.keyDown(input, { key: "Enter" });
    expect(chosen.map((s) => s.name)).toEqual(["Toronto — Yonge & Eglinton"]);
    expect((input as HTMLInputElement).value).toBe("Toronto — Yonge & Eglinton");
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  it("chooses a suggestion with the mouse", async () => {
    const { input, chosen } = renderBox(createOfflinePlacesProvider(demoLocations()));
    await type(input, "m5x");
    fireEvent.click(screen.getByRole("option", { name: /M5X 1A9/ }));
    expect(chosen).toEqual([expect.objectContaining({ kind: "postal-code", name: "M5X 1A9" })]);
  });

  it("searches the typed text on Enter when no suggestion is active, and Escape closes then clears", async () => {
    const { input, searched, cleared } = renderBox(createOfflinePlacesProvider(demoLocations()));
    await type(input, "king street");
    fireEvent.submit(input.closest("form")!);
    expect(searched).toEqual(["king street"]);
    await type(input, "toron");
    fireEvent.keyDown(input, { key: "Escape" });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect((input as HTMLInputElement).value).toBe("toron");
    fireEvent.keyDown(input, { key: "Escape" });
    expect((input as HTMLInputElement).value).toBe("");
    expect(cleared()).toBe(1);
  });

  it("shows no suggestions and says nothing to the visitor when the provider fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failing: PlacesProvider = {
      suggest: vi.fn().mockRejectedValue(new Error("geocoder down")),
      details: vi.fn(),
    };
    const { input } = renderBox(failing);
    await type(input, "city hall");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryAllByRole("option")).toEqual([]);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(warn).toHaveBeenCalledWith("place suggestions failed", expect.any(Error));
  });
});

// @vitest-environment jsdom
// The home page: open locations first with their wait and the phone as the country writes it, each
// a way into its line; nearest first only after the visitor asks, and a search that goes to the
// server (which also knows the translated names).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import en from "../../../shared/i18n/en.json" with { type: "json" };
import type { LocationResource } from "../../api/locations.ts";
import { CurrentVendorContext } from "../../current-vendor.ts";
import { MemoryRouter } from "../../routing/routing.tsx";
import { locationAttributes, NOW, vendorFixture } from "../confirmation/confirmation-fixtures.ts";
import { HomePage } from "./home-page.tsx";

const messages = en as Record<string, string>;
const t = (id: string) => messages[id]!;

// In the server's order (sort order, then name); Vancouver is closed now.
const vancouver: LocationResource = {
  type: "locations",
  id: "3",
  attributes: locationAttributes({
    name: "Vancouver — West Georgia",
    phone: "+16045550110",
    phone_formatted: "(604) 555-0110",
    is_currently_open: false,
  }),
};
const toronto: LocationResource = {
  type: "locations",
  id: "7",
  attributes: locationAttributes({
    expected_start: new Date(NOW.getTime() + 20 * 60_000).toISOString(),
  }),
};
const chicago: LocationResource = {
  type: "locations",
  id: "9",
  attributes: locationAttributes({
    name: "Chicago — The Loop",
    phone: null,
    phone_formatted: null,
  }),
};

type Answer = (query: URLSearchParams) => LocationResource[];

function serve(answer: Answer) {
  const calls: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://localhost");
      if (url.pathname !== "/api/v2/open/locations") return json(500, {});
      calls.push(url.searchParams);
      return json(200, { data: answer(url.searchParams) });
    }),
  );
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderHome(entry = "/") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[entry]}>
      <QueryClientProvider client={queryClient}>
        <CurrentVendorContext value={vendorFixture({ show_wait_time: true })}>
          <IntlProvider locale="en" messages={messages}>
            <HomePage />
          </IntlProvider>
        </CurrentVendorContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const cardNames = () =>
  screen.getAllByRole("article").map((card) => within(card).getByRole("heading").textContent);

function stubGeolocation(
  answer: (ok: PositionCallback, fail: PositionErrorCallback) => void,
): ReturnType<typeof vi.fn> {
  const getCurrentPosition = vi.fn(answer);
  vi.stubGlobal("navigator", { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the home page", () => {
  it("lists open locations first, each with its wait, national phone and a way into its line", async () => {
    serve(() => [vancouver, toronto, chicago]);
    renderHome("/?lang=en&utm_source=mail");
    expect(await screen.findByRole("heading", { level: 1, name: t("Home.title") })).toBeTruthy();
    await screen.findAllByRole("article");
    expect(cardNames()).toEqual([
      "Toronto — First Canadian Place",
      "Chicago — The Loop",
      "Vancouver — West Georgia",
    ]);
    expect(screen.getByRole("status").textContent).toBe("3 locations, open ones first");

    const [first, , closed] = screen.getAllByRole("article");
    const join = within(first!).getByRole("link", { name: t("Home.join_line") });
    expect(join.getAttribute("href")).toBe("/callback-service/7?lang=en&utm_source=mail");
    // The link names its location for a screen reader moving from link to link.
    expect(join.getAttribute("aria-describedby")).toBe(
      within(first!).getByRole("heading").getAttribute("id"),
    );
    expect(within(first!).getByText("Open now")).toBeTruthy();
    expect(first!.textContent).toContain("Current wait time: 20 minutes");
    const phone = within(first!).getByRole("link", { name: "(416) 555-0142" });
    expect(phone.getAttribute("href")).toBe("tel:+14165550142");
    expect(document.body.textContent).not.toContain("+14165550142");

    expect(within(closed!).getByText("Closed now")).toBeTruthy();
    expect(closed!.textContent).not.toContain("Current wait time");
    expect(within(closed!).getByRole("link", { name: "(604) 555-0110" })).toBeTruthy();
  });

  it("asks where the visitor is only when they press the button, then lists the nearest first", async () => {
    const calls = serve((query) =>
      query.get("near")
        ? [
            { ...vancouver, attributes: { ...vancouver.attributes, distance: 1.2, unit: "km" } },
            { ...chicago, attributes: { ...chicago.attributes, distance: 2400, unit: "km" } },
          ]
        : [toronto, vancouver, chicago],
    );
    const getCurrentPosition = stubGeolocation((ok) =>
      ok({ coords: { latitude: 49.28512, longitude: -123.11934 } } as GeolocationPosition),
    );
    renderHome();
    await screen.findAllByRole("article");
    expect(getCurrentPosition).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: t("Home.nearest_first") }));
    await waitFor(() =>
      expect(cardNames()).toEqual(["Vancouver — West Georgia", "Chicago — The Loop"]),
    );
    expect(getCurrentPosition).toHaveBeenCalledOnce();
    // Rounded: the order needs no more, and the server's logs get no exact position.
    expect(calls.at(-1)?.get("near")).toBe("49.285,-123.119");
    expect(screen.getAllByRole("article")[0]!.textContent).toContain("1.2 km away");
    expect(screen.getByRole("status").textContent).toBe("2 locations, nearest to you first");

    fireEvent.click(screen.getByRole("button", { name: t("Home.open_first") }));
    await waitFor(() => expect(cardNames()[0]).toBe("Toronto — First Canadian Place"));
  });

  it("says so when the position cannot be had, and keeps open locations first", async () => {
    serve(() => [vancouver, toronto]);
    stubGeolocation((_ok, fail) => fail({ code: 1 } as GeolocationPositionError));
    renderHome();
    await screen.findAllByRole("article");
    fireEvent.click(screen.getByRole("button", { name: t("Home.nearest_first") }));
    expect((await screen.findByRole("alert")).textContent).toBe(t("Home.position_failed"));
    expect(cardNames()).toEqual(["Toronto — First Canadian Place", "Vancouver — West Georgia"]);
  });

  it("searches on the server and says how many match, or that none does", async () => {
    const calls = serve((query) =>
      query.get("filter[search]") === "Warszawa"
        ? [chicago]
        : query.get("filter[search]")
          ? []
          : [toronto, chicago],
    );
    renderHome();
    await screen.findAllByRole("article");
    fireEvent.change(screen.getByRole("searchbox", { name: t("LocationFinder.search_label") }), {
      target: { value: "Warszawa" },
    });
    await waitFor(() => expect(cardNames()).toEqual(["Chicago — The Loop"]));
    expect(calls.at(-1)?.get("filter[search]")).toBe("Warszawa");
    expect(screen.getByRole("status").textContent).toBe("1 location matches “Warszawa”");

    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "Atlantis" } });
    expect(await screen.findByText(t("Home.empty_search_hint"))).toBeTruthy();
    expect(screen.queryAllByRole("article")).toEqual([]);
  });

  it("offers to try again when the locations cannot be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(500, { errors: [{ status: "500" }] })),
    );
    renderHome();
    expect((await screen.findByRole("alert")).textContent).toContain(t("Home.load_failed"));
    expect(screen.getByRole("button", { name: t("Common.try_again") })).toBeTruthy();
  });
});

// @vitest-environment jsdom
// The locations pages: the list (rows, search after a pause, region, sort, archived toggle and page
// kept in the address and sent to the API; cards and table share one markup), creating a location,
// the server's reasons under each field with focus on the first, a 409 that shows what the other
// person changed and lays the person's edits onto the new version, and archiving after a confirm.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type {
  AdminLocation,
  AdminLocationListDocument,
} from "../../../shared/contracts/admin-location.ts";
import {
  json,
  renderOffice,
  type StubCall,
  staffMe,
  stubServer,
  t,
} from "../office-test-harness.tsx";
import { LocationEditPage } from "./location-edit-page.tsx";
import { LocationListPage } from "./location-list-page.tsx";

const LIST = "GET /api/internal/v1/locations";
const AUDIT = "GET /api/internal/v1/audit-log";
const noHistory = () => json(200, { data: [], meta: { next_cursor: null } });

function location(
  id: string,
  attributes: Partial<AdminLocation["attributes"]> = {},
): AdminLocation {
  return {
    type: "locations",
    id,
    attributes: {
      name: "Harbour Branch",
      external_id: "HX-1",
      address: "12 Quay Street",
      city: "Halifax",
      prov_state: "NS",
      postal_zip: "B3J 1A1",
      country: "CA",
      latitude: 44.6488,
      longitude: -63.5752,
      timezone: "America/Halifax",
      phone: "+19025550142",
      region: "Atlantic",
      visibility: "public",
      physical: true,
      supports_curbside_pickup: false,
      restrict_callback_request_hours: false,
      supports_in_person: true,
      supports_phone: true,
      supports_video: true,
      instructions: null,
      google_review_url: null,
      sort_order: 0,
      lang: null,
      mailing_code: null,
      translations: [],
      archived: false,
      archived_at: null,
      version: 3,
      created_at: "2026-11-01T10:00:00.000Z",
      ...attributes,
    },
  };
}

const listOf = (data: AdminLocation[], total = data.length): AdminLocationListDocument => ({
  data,
  meta: { total, page: 1, page_size: 25, regions: ["Atlantic", "Prairies"] },
});

const listQueries = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === "/api/internal/v1/locations")
    .map((url) => url.searchParams);

const admin = () => staffMe("admin");
/** A required field's accessible name: its label and "(required)". */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const required = (label: string) =>
  new RegExp(`^${escapeRegExp(label)}\\s*${escapeRegExp(t("Office.field_required"))}$`);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the locations list", () => {
  it("shows each location with its address, region, visibility and an archived badge", async () => {
    stubServer({
      [LIST]: () =>
        json(
          200,
          listOf([
            location("1"),
            location("2", {
              name: "Old Mill",
              archived: true,
              region: null,
              visibility: "private",
            }),
          ]),
        ),
    });
    renderOffice(<LocationListPage />, { at: "/locations", path: "/locations", me: admin() });
    const table = await screen.findByRole("table", { name: "2 locations" });
    const [, first, second] = within(table).getAllByRole("row");
    expect(within(first!).getByRole("link", { name: "Harbour Branch" }).getAttribute("href")).toBe(
      "/locations/1",
    );
    expect(within(first!).getByText("12 Quay Street, Halifax")).toBeTruthy();
    expect(within(first!).getByText("Atlantic")).toBeTruthy();
    expect(within(second!).getByText(t("Office.locations.archived_badge"))).toBeTruthy();
    expect(within(second!).getByText(t("Office.locations.visibility_private"))).toBeTruthy();
    expect(screen.getByRole("link", { name: t("Office.locations.add") }).getAttribute("href")).toBe(
      "/locations/new",
    );
    expect(listQueries()[0]!.get("filter[archived]")).toBe("false");
  });

  it("keeps the search, region, sort and archived toggle in the address and sends them", async () => {
    stubServer({ [LIST]: () => json(200, listOf([location("1")])) });
    renderOffice(<LocationListPage />, {
      at: "/locations?region=Atlantic&sort=nonsense",
      path: "/locations",
      me: admin(),
    });
    await screen.findByRole("table");
    expect(listQueries()[0]!.get("filter[region]")).toBe("Atlantic");
    expect(listQueries()[0]!.get("sort")).toBe("sort_order");

    await userEvent.selectOptions(
      screen.getByLabelText(t("Office.locations.sort")),
      t("Office.locations.sort_desc_city"),
    );
    await waitFor(() => expect(listQueries().at(-1)!.get("sort")).toBe("-city"));
    await userEvent.click(screen.getByLabelText(t("Office.locations.show_archived")));
    await waitFor(() => expect(listQueries().at(-1)!.get("filter[archived]")).toBe("all"));

    const reads = listQueries().length;
    await userEvent.type(screen.getByLabelText(t("Office.locations.search")), "hali");
    await waitFor(() => expect(listQueries().at(-1)!.get("filter[search]")).toBe("hali"));
    expect(listQueries().length).toBe(reads + 1);
    expect(screen.getByTestId("where").textContent).toBe(
      "/locations?region=Atlantic&sort=-city&archived=all&q=hali",
    );
  });

  it("pages through a long list", async () => {
    stubServer({
      [LIST]: () => json(200, { ...listOf([location("1")], 60) }),
    });
    renderOffice(<LocationListPage />, { at: "/locations", path: "/locations", me: admin() });
    await screen.findByRole("table");
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: t("Office.ui.pager.next") }));
    await waitFor(() => expect(listQueries().at(-1)!.get("page[number]")).toBe("2"));
  });

  it("invites to add the first location when there is none", async () => {
    stubServer({ [LIST]: () => json(200, listOf([])) });
    renderOffice(<LocationListPage />, { at: "/locations", path: "/locations", me: admin() });
    expect(await screen.findByText(t("Office.locations.empty"))).toBeTruthy();
  });
});

function openEditor(answers: Record<string, (call: StubCall) => Response>, at = "/locations/7") {
  const calls = stubServer({ [AUDIT]: noHistory, ...answers });
  renderOffice(<LocationEditPage />, { at, path: "/locations/:id", me: admin() });
  return calls;
}

describe("creating a location", () => {
  it("sends every field, then opens the new location saying its default hours", async () => {
    const calls = openEditor(
      {
        "POST /api/internal/v1/locations": () => json(201, { data: location("9") }),
        "GET /api/internal/v1/locations/9": () => json(200, { data: location("9") }),
      },
      "/locations/new",
    );
    expect(
      screen.getByRole("heading", { level: 1, name: t("Office.locations.new_title") }),
    ).toBeTruthy();
    // Focused and pasted rather than clicked and typed key by key: on this long form each click's
    // pointer-events check and each keystroke's render take long enough that the test ran past its
    // time under load — and a test past its time keeps typing into the next test's page.
    const type = async (label: string, text: string) => {
      screen.getByLabelText(required(label)).focus();
      await userEvent.paste(text);
    };
    await type(t("Office.locations.field.name"), "Harbour Branch");
    await type(t("Office.locations.field.address"), "12 Quay Street");
    await type(t("Office.locations.field.city"), "Halifax");
    await type(t("Office.locations.field.country"), "ca");
    const zone = screen.getByRole("combobox", {
      name: new RegExp(`^${t("Office.locations.field.timezone")}`),
    });
    // Typed in part, picked from the narrowed list with the keyboard.
    await userEvent.clear(zone);
    await userEvent.paste("halif");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "America/Halifax",
    ]);
    await userEvent.keyboard("{ArrowDown}{Enter}");
    await type(t("Office.locations.field.latitude"), "44,6488");
    await type(t("Office.locations.field.longitude"), "-63.5752");
    await userEvent.click(screen.getByLabelText(t("Office.locations.visibility_private")));
    await userEvent.click(screen.getByRole("tab", { name: /^Français/ }));
    screen.getByLabelText("Name (Français)").focus();
    await userEvent.paste("Succursale du port");
    await userEvent.click(screen.getByRole("button", { name: t("Office.locations.create") }));

    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/locations/9"));
    const post = calls.find((call) => call.method === "POST");
    expect(post?.body).toMatchObject({
      data: {
        type: "locations",
        attributes: {
          name: "Harbour Branch",
          country: "CA",
          timezone: "America/Halifax",
          latitude: 44.6488,
          longitude: -63.5752,
          visibility: "private",
          supports_in_person: true,
          translations: [{ locale: "fr", field: "name", content: "Succursale du port" }],
        },
      },
    });
    expect(await screen.findByText(t("Office.locations.status_created"))).toBeTruthy();
  });

  it("offers UTC among the time zones, which browsers leave out of their list", async () => {
    openEditor({}, "/locations/new");
    const zone = screen.getByRole("combobox", {
      name: new RegExp(`^${t("Office.locations.field.timezone")}`),
    });
    await userEvent.clear(zone);
    await userEvent.paste("utc");
    // Typed out whole, an option's label chooses it (the text takes the option's spelling).
    expect((zone as HTMLInputElement).value).toBe("UTC");
  });

  it("shows the server's reasons under each field and focuses the first", async () => {
    openEditor(
      {
        "POST /api/internal/v1/locations": () =>
          json(422, {
            errors: [
              {
                status: "422",
                code: "invalid",
                detail: "Enter a two-letter country code, such as US or PT",
                source: { pointer: "/data/attributes/country" },
              },
              {
                status: "422",
                code: "invalid",
                detail: "This field is required",
                source: { pointer: "/data/attributes/name" },
              },
            ],
          }),
      },
      "/locations/new",
    );
    await userEvent.click(screen.getByRole("button", { name: t("Office.locations.create") }));
    const name = screen.getByRole("textbox", {
      name: required(t("Office.locations.field.name")),
    });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter a two-letter country code, such as US or PT")).toBeTruthy();
  });
});

describe("editing a location", () => {
  it("saves only what changed, with If-Match, and announces it", async () => {
    const calls = openEditor({
      "GET /api/internal/v1/locations/7": () => json(200, { data: location("7") }),
      "PATCH /api/internal/v1/locations/7": () =>
        json(200, { data: location("7", { city: "Dartmouth", version: 4 }) }),
    });
    const city = await screen.findByRole("textbox", {
      name: required(t("Office.locations.field.city")),
    });
    await userEvent.clear(city);
    await userEvent.type(city, "Dartmouth");
    await userEvent.click(screen.getByRole("button", { name: t("Office.locations.save") }));
    expect(await screen.findByText(t("Office.locations.status_saved"))).toBeTruthy();
    const patch = calls.find((call) => call.method === "PATCH")!;
    expect(patch.headers.get("if-match")).toBe('"3"');
    expect(patch.body).toEqual({
      data: { type: "locations", id: "7", attributes: { city: "Dartmouth" } },
    });
  });

  it("on 409 shows what the other person changed and saves the person's edits onto the new version", async () => {
    let patches = 0;
    const calls = openEditor({
      "GET /api/internal/v1/locations/7": () => json(200, { data: location("7") }),
      "PATCH /api/internal/v1/locations/7": () => {
        patches += 1;
        return patches === 1
          ? json(409, {
              errors: [
                { status: "409", code: "version_conflict", detail: "Someone else changed this" },
              ],
              meta: { current: location("7", { phone: "+19025550199", version: 4 }) },
            })
          : json(200, {
              data: location("7", { phone: "+19025550199", city: "Dartmouth", version: 5 }),
            });
      },
    });
    const city = await screen.findByRole("textbox", {
      name: required(t("Office.locations.field.city")),
    });
    await userEvent.clear(city);
    await userEvent.type(city, "Dartmouth");
    await userEvent.click(screen.getByRole("button", { name: t("Office.locations.save") }));

    const notice = await screen.findByRole("alert");
    expect(within(notice).getByText(t("Office.locations.conflict_title"))).toBeTruthy();
    const changed = within(notice).getByRole("row", { name: /Phone/ });
    expect(within(changed).getByText("+19025550199")).toBeTruthy();
    expect(within(changed).getByText("+19025550142")).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(notice).getByRole("heading", { name: t("Office.locations.conflict_title") }),
      ),
    );

    await userEvent.click(
      within(notice).getByRole("button", { name: t("Office.locations.conflict_keep_mine") }),
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(
      (
        screen.getByRole("textbox", {
          name: t("Office.locations.field.phone"),
        }) as HTMLInputElement
      ).value,
    ).toBe("+19025550199");
    expect((city as HTMLInputElement).value).toBe("Dartmouth");
    await userEvent.click(screen.getByRole("button", { name: t("Office.locations.save") }));
    expect(await screen.findByText(t("Office.locations.status_saved"))).toBeTruthy();
    const second = calls.filter((call) => call.method === "PATCH")[1]!;
    expect(second.headers.get("if-match")).toBe('"4"');
    expect(second.body).toEqual({
      data: { type: "locations", id: "7", attributes: { city: "Dartmouth" } },
    });
  });

  it("archives after a confirmation and then offers to restore", async () => {
    const calls = openEditor({
      "GET /api/internal/v1/locations/7": () => json(200, { data: location("7") }),
      "PATCH /api/internal/v1/locations/7": () =>
        json(200, {
          data: location("7", { archived: true, archived_at: "2026-11-26T10:00:00Z", version: 4 }),
        }),
    });
    await userEvent.click(
      await screen.findByRole("button", { name: t("Office.locations.archive") }),
    );
    const confirm = screen.getByRole("button", {
      name: t("Office.locations.archive_confirm_button"),
    });
    expect(document.activeElement).toBe(confirm);
    await userEvent.click(confirm);
    expect(await screen.findByText(t("Office.locations.status_archived"))).toBeTruthy();
    expect(screen.getByRole("button", { name: t("Office.locations.restore") })).toBeTruthy();
    const patch = calls.find((call) => call.method === "PATCH")!;
    expect(patch.body).toEqual({
      data: { type: "locations", id: "7", attributes: { archived: true } },
    });
    expect(patch.headers.get("if-match")).toBe('"3"');
  });

  it("says in the archive section why archiving was refused, and keeps the location", async () => {
    const reason =
      "2 visitors are still in line here. Serve or cancel them before archiving the location.";
    openEditor({
      "GET /api/internal/v1/locations/7": () => json(200, { data: location("7") }),
      "PATCH /api/internal/v1/locations/7": () =>
        json(422, {
          errors: [
            {
              status: "422",
              code: "visitors_in_line",
              detail: reason,
              source: { pointer: "/data/attributes/archived" },
            },
          ],
        }),
    });
    await userEvent.click(
      await screen.findByRole("button", { name: t("Office.locations.archive") }),
    );
    await userEvent.click(
      screen.getByRole("button", { name: t("Office.locations.archive_confirm_button") }),
    );
    const section = screen.getByRole("region", { name: t("Office.locations.archive_title") });
    expect((await within(section).findByRole("alert")).textContent).toBe(reason);
    expect(screen.queryByText(t("Office.locations.status_archived"))).toBeNull();
    expect(
      within(section).getByRole("button", { name: t("Office.locations.archive") }),
    ).toBeTruthy();
  });

  it("says so when the location does not exist", async () => {
    openEditor({
      "GET /api/internal/v1/locations/7": () =>
        json(404, { errors: [{ status: "404", code: "not_found", detail: "Not found here" }] }),
    });
    expect(await screen.findByText("Not found here")).toBeTruthy();
  });
});

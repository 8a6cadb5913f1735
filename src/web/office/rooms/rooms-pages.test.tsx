// @vitest-environment jsdom
// The rooms pages: the list asks for one location's rooms when the filter names one (kept in the
// address) and shows each room's location and capacity; a new room is created at the location the
// list was showing, and a refused capacity shows beside its field.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RoomResource } from "../../api/office/groups-rooms.ts";
import { json, renderOffice, staffMe, stubServer, t } from "../office-test-harness.tsx";
import { RoomFormPage } from "./room-form-page.tsx";
import { RoomsPage } from "./rooms-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function room(id: string, attributes: Partial<RoomResource["attributes"]> = {}) {
  return {
    type: "rooms" as const,
    id,
    attributes: {
      location_id: "5",
      name: `Room ${id}`,
      capacity: 4,
      notes: null,
      archived: false,
      version: 1,
      created_at: "2026-11-01T10:00:00.000Z",
      ...attributes,
    },
  };
}

const manager = () =>
  staffMe("manager", {
    locations: [
      { id: 5, name: "Warszawa — Złota", timezone: "Europe/Warsaw" },
      { id: 6, name: "Kraków — Rynek", timezone: "Europe/Warsaw" },
    ],
  });

/** The addresses of the fetch calls so far. */
const fetched = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));

describe("rooms list", () => {
  it("shows each room's location and capacity, and one location's rooms when filtered", async () => {
    stubServer({
      "GET /api/internal/v1/rooms": () =>
        json(200, {
          data: [room("1", { name: "Sala 1" }), room("2", { location_id: "6", capacity: 1 })],
        }),
    });
    renderOffice(<RoomsPage />, { at: "/rooms", me: manager() });
    const table = await screen.findByRole("table", { name: t("Office.rooms.list_heading") });
    const [, first, second] = within(table).getAllByRole("row");
    expect(within(first!).getByRole("rowheader", { name: "Sala 1" })).toBeTruthy();
    expect(within(first!).getByText("Warszawa — Złota")).toBeTruthy();
    expect(within(first!).getByText("holds 4 people")).toBeTruthy();
    expect(within(second!).getByText("Kraków — Rynek")).toBeTruthy();
    expect(within(second!).getByText("holds 1 person")).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText(t("Office.rooms.filter_location")), "6");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/rooms?location=6"));
    await waitFor(() => expect(fetched().some((url) => url.includes("location_id=6"))).toBe(true));
    expect(screen.getByRole("link", { name: t("Office.rooms.add") }).getAttribute("href")).toBe(
      "/rooms/new?location=6",
    );
    await userEvent.click(screen.getByLabelText(t("Office.rooms.show_archived")));
    await waitFor(() =>
      expect(screen.getByTestId("where").textContent).toBe("/rooms?location=6&archived=true"),
    );
    await waitFor(() => expect(fetched().some((url) => url.includes("archived=true"))).toBe(true));
  });
});

describe("a room's form", () => {
  it("creates a room at the location the list showed; a refused capacity shows beside it", async () => {
    let answer = json(422, {
      errors: [
        {
          status: "422",
          code: "too_big",
          detail: "This value is not valid",
          source: { pointer: "/data/attributes/capacity" },
        },
      ],
    });
    const calls = stubServer({
      "GET /api/internal/v1/audit-log": () => json(200, { data: [], meta: { next_cursor: null } }),
      "POST /api/internal/v1/rooms": () => answer,
      "GET /api/internal/v1/rooms/9": () => json(200, { data: room("9", { location_id: "6" }) }),
    });
    renderOffice(<RoomFormPage />, {
      at: "/rooms/new?location=6",
      path: "/rooms/:id",
      me: manager(),
    });
    expect(screen.getByLabelText(/Location/)).toHaveProperty("value", "6");
    await userEvent.type(screen.getByLabelText(/^Name/), "Study");
    const capacity = screen.getByLabelText(/Capacity/);
    await userEvent.clear(capacity);
    await userEvent.type(capacity, "900");
    await userEvent.click(screen.getByRole("button", { name: t("Office.rooms.create") }));
    expect(await screen.findByText("This value is not valid")).toBeTruthy();
    expect(capacity.getAttribute("aria-invalid")).toBe("true");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      data: {
        type: "rooms",
        attributes: { location_id: "6", name: "Study", capacity: 900, notes: null },
      },
    });
    answer = json(201, { data: room("9", { location_id: "6", name: "Study" }) });
    await userEvent.clear(capacity);
    await userEvent.type(capacity, "6");
    await userEvent.click(screen.getByRole("button", { name: t("Office.rooms.create") }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/rooms/9"));
  });
});

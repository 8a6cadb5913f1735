// @vitest-environment jsdom
// The schedule page against a stub server: Toronto's day as columns of its staff with blocks at
// their wall-clock times (from the answer's offsets, whatever the machine's zone), the address
// keeping date, view and filters, the details' actions sent as PATCH with If-Match, booking and
// moving through their dialogs, the actions a role may not take hidden, live re-reads, the keyboard
// path, and no axe violations.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setStaffCsrfToken } from "../../api/office/office-client.ts";
import {
  json,
  recordingStaffRealtime,
  renderOffice,
  type StubCall,
  staffMe,
  stubServer,
  TORONTO,
  t,
} from "../office-test-harness.tsx";
import { SchedulePage } from "./schedule-page.tsx";
import {
  ALAN,
  appointment,
  DAY,
  freeSlots,
  GRACE,
  scheduleDocument,
} from "./schedule-test-fixture.ts";

const SCHEDULE = "GET /api/internal/v1/schedule";
const AVAILABILITY = "GET /api/internal/v1/availability";
const AT = `/schedule?location=1&date=${DAY}`;

let calls: StubCall[];
const sent = (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key);
const urls = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));
const where = () => screen.getByTestId("where").textContent;

function serve(extra: Record<string, (call: StubCall) => Response> = {}) {
  calls = stubServer({
    [SCHEDULE]: () => json(200, scheduleDocument()),
    [AVAILABILITY]: () => json(200, freeSlots(["11:00", "11:30"])),
    ...extra,
  });
}

function open(me = staffMe("staff", { locations: [TORONTO] }), at = AT) {
  return renderOffice(<SchedulePage />, { at, me });
}

/**
 * axe on what is on screen. Colours are the browser tests' (jsdom has no layout), and landmarks
 * the office layout's (the page renders here without it).
 */
async function expectNoAxeViolations() {
  const result = await axe.run(document.body, {
    rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
  });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" ")}`)).toEqual(
    [],
  );
}

const block = (name: RegExp) => screen.getByRole("button", { name });

beforeEach(() => setStaffCsrfToken("staff-csrf"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the day view", () => {
  it("shows a column per working staff member and each appointment at its Toronto time", async () => {
    serve();
    open();
    const ada = await screen.findByRole("region", { name: "Ada Park" });
    const ben = screen.getByRole("region", { name: "Ben Ortiz" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("Monday, November 30");
    const grace = within(ada).getByRole("button", { name: /Grace Hopper/ });
    expect(grace.textContent).toMatch(/9:30\s*–\s*10:00\sAM/);
    expect(grace.textContent).toContain("Mortgage advice");
    expect(grace.textContent).toContain("Confirmed · Room 2");
    // 09:30 is 30 minutes after the grid's first hour (09:00, the opening), at 96 px an hour.
    expect(grace.style.top).toBe("48px");
    expect(within(ben).getByRole("button", { name: /Alan Turing/ }).textContent).toContain(
      "In progress",
    );
    expect(urls().some((url) => url.includes(`location_id=1&date=${DAY}&days=1`))).toBe(true);
    // Cancelled appointments show on request only, and the address keeps the choice.
    expect(screen.queryByRole("button", { name: /Edsger Dijkstra/ })).toBeNull();
    await userEvent.click(screen.getByLabelText(t("Schedule.show_cancelled")));
    expect(within(ada).getByRole("button", { name: /Edsger Dijkstra/ }).textContent).toContain(
      "Cancelled",
    );
    expect(where()).toBe(`${AT}&cancelled=shown`);
    await expectNoAxeViolations();
  });

  it("keeps the day and the view in the address: next day, today's week", async () => {
    serve();
    open();
    await screen.findByRole("region", { name: "Ada Park" });
    await userEvent.click(screen.getByRole("button", { name: t("Schedule.next_day") }));
    expect(where()).toBe("/schedule?location=1&date=2026-12-01");
    await waitFor(() =>
      expect(urls().some((url) => url.includes("date=2026-12-01&days=1"))).toBe(true),
    );
    await userEvent.click(screen.getByRole("button", { name: t("Schedule.view_week") }));
    expect(where()).toBe("/schedule?location=1&date=2026-12-01&view=week");
    await waitFor(() =>
      expect(urls().some((url) => url.includes("date=2026-12-01&days=7"))).toBe(true),
    );
  });

  it("shows a column per room on request, the room's appointments in it and the rest apart", async () => {
    serve();
    open();
    await screen.findByRole("region", { name: "Ada Park" });
    const columns = screen.getByRole("group", { name: t("Schedule.columns") });
    await userEvent.click(
      within(columns).getByRole("button", { name: t("Schedule.columns_rooms") }),
    );
    expect(where()).toBe(`${AT}&by=rooms`);
    const room = screen.getByRole("region", { name: "Room 2" });
    expect(within(room).getByRole("button", { name: /Grace Hopper/ })).toBeTruthy();
    // Alan Turing's appointment has no room: a column of its own, not a staff member's.
    const none = screen.getByRole("region", { name: t("Schedule.no_room") });
    expect(within(none).getByRole("button", { name: /Alan Turing/ })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Ada Park" })).toBeNull();
    expect(
      within(columns)
        .getByRole("button", { name: t("Schedule.columns_rooms") })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    await expectNoAxeViolations();
  });

  it("re-reads the schedule when realtime says an appointment of the location changed", async () => {
    serve();
    const realtime = recordingStaffRealtime();
    renderOffice(<SchedulePage />, {
      at: AT,
      me: staffMe("staff", { locations: [TORONTO] }),
      realtime: realtime.client,
    });
    await screen.findByRole("region", { name: "Ada Park" });
    const before = sent(SCHEDULE).length;
    act(() =>
      realtime.channels.get("1")!.appointmentChanged!({
        appointment_id: "101",
        location_id: "1",
        start: GRACE.attributes.start,
      }),
    );
    await waitFor(() => expect(sent(SCHEDULE).length).toBe(before + 1));
  });
});

describe("dragging an appointment", () => {
  /** Lays the grid out as a browser would: columns 200 px wide side by side, from y = 100. */
  function layOut() {
    for (const [index, column] of document
      .querySelectorAll<HTMLElement>("[data-column-id]")
      .entries())
      column.getBoundingClientRect = () => new DOMRect(100 + index * 200, 100, 200, 600);
  }
  const drag = (
    element: HTMLElement,
    from: { x: number; y: number },
    to: { x: number; y: number },
    /** where the browser's click after the release lands: the element under the pointer */
    releasedOn: HTMLElement = element,
  ) => {
    element.getBoundingClientRect = () => new DOMRect(from.x - 50, from.y - 10, 180, 32);
    fireEvent.pointerDown(element, {
      button: 0,
      pointerType: "mouse",
      clientX: from.x,
      clientY: from.y,
    });
    fireEvent.pointerMove(window, { clientX: to.x, clientY: to.y });
    fireEvent.pointerUp(window, { clientX: to.x, clientY: to.y });
    fireEvent.click(releasedOn, { clientX: to.x, clientY: to.y });
  };

  it("moves a block to another staff member's column at the snapped time, with If-Match", async () => {
    serve({
      "PATCH /api/internal/v1/appointments/101": () =>
        json(200, { data: appointment("101", { version: 4 }) }),
    });
    open();
    const grace = await screen.findByRole("button", { name: /Grace Hopper/ });
    layOut();
    // Grabbed 10 px below its top, dropped in Ben's column 250 px below the grid's top (09:00):
    // its top lands 240 px down, 150 minutes, 11:30 — a 15-minute step of the vendor's interval.
    drag(grace, { x: 150, y: 142 }, { x: 350, y: 350 });
    await waitFor(() => expect(sent("PATCH /api/internal/v1/appointments/101")).toHaveLength(1));
    const [patch] = sent("PATCH /api/internal/v1/appointments/101");
    expect(patch!.headers.get("If-Match")).toBe('"3"');
    expect(patch!.body).toEqual({
      data: {
        type: "appointments",
        id: "101",
        attributes: { start: "2026-11-30T16:30:00.000Z", staff_id: "8" },
      },
    });
    // The drop is not a click: no details opened.
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens nothing on a release away from the block, and the next click opens it", async () => {
    serve({
      "PATCH /api/internal/v1/appointments/101": () =>
        json(200, { data: appointment("101", { version: 4 }) }),
    });
    open();
    const grace = await screen.findByRole("button", { name: /Grace Hopper/ });
    layOut();
    // The block stays where it was while it moves, so the release's click lands on the column
    // under the pointer: neither the booking of that empty time nor the details open.
    const column = document.querySelector<HTMLElement>('[data-column-id="8"]')!;
    drag(grace, { x: 150, y: 142 }, { x: 350, y: 350 }, column);
    await waitFor(() => expect(sent("PATCH /api/internal/v1/appointments/101")).toHaveLength(1));
    expect(screen.queryByRole("dialog")).toBeNull();
    // A later click is a click.
    await userEvent.click(screen.getByRole("button", { name: /Grace Hopper/ }));
    expect(await screen.findByRole("dialog", { name: "Grace Hopper" })).toBeTruthy();
  });

  it("books at the empty time clicked, with that staff member", async () => {
    serve();
    open();
    await screen.findByRole("region", { name: "Ada Park" });
    layOut();
    const column = document.querySelector<HTMLElement>('[data-column-id="7"]')!;
    // 200 px below the grid's top (09:00) at 96 px an hour: 11:05, the 11:00 of its 15 minutes.
    fireEvent.click(column, { clientX: 150, clientY: 300 });
    const dialog = await screen.findByRole("dialog", { name: t("Schedule.book_title") });
    expect(within(dialog).getByLabelText(t("Schedule.field_staff"))).toHaveProperty("value", "7");
    expect(await within(dialog).findByRole("radio", { name: /^11:00\sAM$/ })).toHaveProperty(
      "checked",
      true,
    );
  });

  it("puts a refused block back and says why", async () => {
    serve({
      "PATCH /api/internal/v1/appointments/101": () =>
        json(409, {
          errors: [{ status: "409", code: "slot_taken", detail: "Taken" }],
          meta: { nearest: [] },
        }),
    });
    open();
    const grace = await screen.findByRole("button", { name: /Grace Hopper/ });
    layOut();
    drag(grace, { x: 150, y: 142 }, { x: 150, y: 350 });
    expect((await screen.findByRole("alert")).textContent).toBe(t("Schedule.error_drop_taken"));
    expect(sent("PATCH /api/internal/v1/appointments/101")[0]!.body).toEqual({
      data: { type: "appointments", id: "101", attributes: { start: "2026-11-30T16:30:00.000Z" } },
    });
    expect(
      within(screen.getByRole("region", { name: "Ada Park" })).getByRole("button", {
        name: /Grace Hopper/,
      }).style.top,
    ).toBe("48px");
  });
});

describe("the week view", () => {
  it("lists each day's appointments in time order, of one staff member when filtered", async () => {
    const days = [
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ];
    const later = appointment("104", {
      start: "2026-12-02T15:00:00-05:00",
      end: "2026-12-02T15:30:00-05:00",
      client: {
        id: "58",
        first_name: "Barbara",
        last_name: "Liskov",
        email: null,
        cell_phone_formatted: null,
      },
    });
    serve({ [SCHEDULE]: () => json(200, scheduleDocument([ALAN, GRACE, later], days)) });
    open(undefined, `${AT}&view=week`);
    const monday = await screen.findByRole("region", { name: /Mon, Nov 30/ });
    expect(
      within(monday)
        .getAllByRole("button")
        .map((b) => b.textContent?.match(/Grace|Alan/)?.[0]),
    ).toEqual(["Grace", "Alan"]);
    expect(
      within(screen.getByRole("region", { name: /Wed, Dec 2/ })).getByRole("button").textContent,
    ).toContain("Barbara Liskov");
    expect(
      within(screen.getByRole("region", { name: /Tue, Dec 1/ })).getByText(t("Schedule.day_empty")),
    ).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText(t("Schedule.filter_staff")), "8");
    expect(where()).toBe(`${AT}&view=week&staff=8`);
    expect(within(monday).getAllByRole("button")).toHaveLength(1);
    await expectNoAxeViolations();
  });
});

describe("an appointment's details", () => {
  it("marks a client arrived with the appointment's version as If-Match", async () => {
    serve({
      "PATCH /api/internal/v1/appointments/101": () =>
        json(200, {
          data: appointment("101", { arrived_at: "2026-11-30T14:25:00.000Z", version: 4 }),
        }),
    });
    open();
    await userEvent.click(await screen.findByRole("button", { name: /Grace Hopper/ }));
    const dialog = await screen.findByRole("dialog", { name: "Grace Hopper" });
    expect(
      within(dialog)
        .getByRole("link", { name: t("Schedule.client_page") })
        .getAttribute("href"),
    ).toBe("/clients/55");
    expect(within(dialog).getByText("Room 2")).toBeTruthy();
    expect(within(dialog).getByText("In person")).toBeTruthy();
    await expectNoAxeViolations();
    await userEvent.click(within(dialog).getByRole("button", { name: t("Schedule.mark_arrived") }));
    await waitFor(() => expect(sent("PATCH /api/internal/v1/appointments/101")).toHaveLength(1));
    const [patch] = sent("PATCH /api/internal/v1/appointments/101");
    expect(patch!.headers.get("If-Match")).toBe('"3"');
    expect(patch!.body).toEqual({
      data: { type: "appointments", id: "101", attributes: { arrived: true } },
    });
  });

  it("cancels only after the confirmation, and says so when the appointment changed meanwhile", async () => {
    serve({
      "PATCH /api/internal/v1/appointments/101": () =>
        json(409, {
          errors: [{ status: "409", code: "version_conflict", detail: "Changed" }],
          meta: { current: appointment("101", { version: 5 }) },
        }),
    });
    open();
    await userEvent.click(await screen.findByRole("button", { name: /Grace Hopper/ }));
    const dialog = await screen.findByRole("dialog", { name: "Grace Hopper" });
    await userEvent.click(within(dialog).getByRole("button", { name: t("Schedule.cancel") }));
    expect(sent("PATCH /api/internal/v1/appointments/101")).toHaveLength(0);
    const keep = within(dialog).getByRole("button", { name: t("Schedule.cancel_keep") });
    expect(document.activeElement).toBe(keep);
    await userEvent.click(
      within(dialog).getByRole("button", { name: t("Schedule.cancel_confirm") }),
    );
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      t("Schedule.error_changed"),
    );
    expect(sent("PATCH /api/internal/v1/appointments/101")[0]!.body).toEqual({
      data: { type: "appointments", id: "101", attributes: { status: 4 } },
    });
  });

  it("offers completing an appointment in progress, and nothing a role may not do", async () => {
    serve();
    // Contact centre agents book but do not serve.
    open(staffMe("contact_centre_staff", { locations: [TORONTO] }));
    await userEvent.click(await screen.findByRole("button", { name: /Alan Turing/ }));
    let dialog = await screen.findByRole("dialog", { name: "Alan Turing" });
    expect(within(dialog).queryByRole("button", { name: t("Schedule.complete") })).toBeNull();
    expect(within(dialog).getByText(/Contact centre, by Katarzyna Nowak/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: t("Office.close") }));
    await userEvent.click(screen.getByRole("button", { name: /Grace Hopper/ }));
    dialog = await screen.findByRole("dialog", { name: "Grace Hopper" });
    expect(within(dialog).queryByRole("button", { name: t("Schedule.mark_arrived") })).toBeNull();
    expect(within(dialog).getByRole("button", { name: t("Schedule.move") })).toBeTruthy();
    cleanup();

    // Without appointments.book: no booking, moving or cancelling.
    const base = staffMe("staff", { locations: [TORONTO] });
    open({ ...base, permissions: base.permissions.filter((p) => p !== "appointments.book") });
    await screen.findByRole("region", { name: "Ada Park" });
    expect(screen.queryByRole("button", { name: t("Schedule.book") })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: /Alan Turing/ }));
    dialog = await screen.findByRole("dialog", { name: "Alan Turing" });
    expect(within(dialog).getByRole("button", { name: t("Schedule.complete") })).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: t("Schedule.cancel") })).toBeNull();
  });

  it("opens and closes from the keyboard, focus going back to the appointment", async () => {
    serve();
    open();
    const grace = await screen.findByRole("button", { name: /Grace Hopper/ });
    grace.focus();
    await userEvent.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Grace Hopper" });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(block(/Grace Hopper/)));
  });
});

describe("moving an appointment", () => {
  it("asks for free times that ignore the appointment's own, and moves it to the one chosen", async () => {
    serve({
      "PATCH /api/internal/v1/appointments/101": () =>
        json(200, { data: appointment("101", { start: `${DAY}T11:30:00-05:00`, version: 4 }) }),
    });
    open();
    await userEvent.click(await screen.findByRole("button", { name: /Grace Hopper/ }));
    await userEvent.click(await screen.findByRole("button", { name: t("Schedule.move") }));
    const dialog = await screen.findByRole("dialog", {
      name: /Move the appointment of Grace Hopper/,
    });
    await userEvent.click(await within(dialog).findByRole("radio", { name: /^11:30\sAM$/ }));
    const asked = urls().find((url) => url.includes("/availability"))!;
    expect(asked).toContain("ignore_appointment_id=101");
    expect(asked).toContain(`from=${DAY}&to=${DAY}`);
    expect(asked).toContain("staff_id=7");
    await expectNoAxeViolations();
    await userEvent.click(within(dialog).getByRole("button", { name: t("Schedule.move_submit") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const [patch] = sent("PATCH /api/internal/v1/appointments/101");
    expect(patch!.headers.get("If-Match")).toBe('"3"');
    expect(patch!.body).toEqual({
      data: { type: "appointments", id: "101", attributes: { start: `${DAY}T11:30:00-05:00` } },
    });
  });
});

describe("booking an appointment", () => {
  it("books a new client at a free time, offering the nearest times when it was just taken", async () => {
    let answer = json(409, {
      errors: [{ status: "409", code: "slot_taken", detail: "Taken" }],
      meta: {
        nearest: [
          { start: `${DAY}T13:00:00-05:00`, end: `${DAY}T13:30:00-05:00`, staff_ids: ["7"] },
        ],
      },
    });
    serve({ "POST /api/internal/v1/appointments": () => answer });
    open();
    await userEvent.click(await screen.findByRole("button", { name: t("Schedule.book") }));
    const dialog = await screen.findByRole("dialog", { name: t("Schedule.book_title") });
    await userEvent.selectOptions(within(dialog).getByLabelText(t("Schedule.field_method")), "2");
    await userEvent.click(await within(dialog).findByRole("radio", { name: /^11:00\sAM$/ }));
    await userEvent.click(within(dialog).getByRole("radio", { name: t("Schedule.client_new") }));
    await userEvent.type(within(dialog).getByLabelText(/First name/), "Grace");
    await userEvent.type(within(dialog).getByLabelText(/Last name/), "Hopper");
    await userEvent.type(
      within(dialog).getByLabelText(t("Schedule.client_email")),
      "grace@example.com",
    );
    await userEvent.type(
      within(dialog).getByLabelText(t("Schedule.field_notes")),
      "Bring payslips",
    );
    await expectNoAxeViolations();
    await userEvent.click(within(dialog).getByRole("button", { name: t("Schedule.book_submit") }));

    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      t("Schedule.error_slot_taken"),
    );
    expect(sent("POST /api/internal/v1/appointments")[0]!.body).toEqual({
      data: {
        type: "appointments",
        attributes: {
          location_id: "1",
          service_id: "3",
          staff_id: null,
          meeting_method: 2,
          start: `${DAY}T11:00:00-05:00`,
          attendees: 1,
          notes: "Bring payslips",
        },
        relationships: {
          client: {
            data: {
              type: "clients",
              attributes: {
                first_name: "Grace",
                last_name: "Hopper",
                email: "grace@example.com",
                cell_phone: null,
              },
            },
          },
        },
      },
    });
    const nearest = within(dialog).getByRole("group", { name: t("Schedule.nearest_times") });
    answer = json(201, { data: appointment("110", { start: `${DAY}T13:00:00-05:00` }) });
    await userEvent.click(within(nearest).getByRole("radio", { name: /1:00\sPM/ }));
    const before = sent(SCHEDULE).length;
    await userEvent.click(within(dialog).getByRole("button", { name: t("Schedule.book_submit") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      (
        sent("POST /api/internal/v1/appointments")[1]!.body as {
          data: { attributes: { start: string } };
        }
      ).data.attributes.start,
    ).toBe(`${DAY}T13:00:00-05:00`);
    // The schedule is read again, so the new appointment shows.
    await waitFor(() => expect(sent(SCHEDULE).length).toBeGreaterThan(before));
  });

  it("books an existing client found by the search", async () => {
    serve({
      "GET /api/internal/v1/clients": () =>
        json(200, {
          data: [
            {
              type: "clients",
              id: "55",
              attributes: {
                external_id: null,
                first_name: "Grace",
                last_name: "Hopper",
                email: "grace.hopper@example.com",
                cell_phone: null,
                cell_phone_formatted: null,
                notes: null,
                lang: "en",
                receive_sms: false,
                version: 1,
                created_at: "2026-01-01T00:00:00.000Z",
                updated_at: "2026-01-01T00:00:00.000Z",
                last_seen_at: null,
                visits: 0,
                appointments: 2,
              },
            },
          ],
          links: { next: null },
        }),
      "POST /api/internal/v1/appointments": () => json(201, { data: appointment("111") }),
    });
    open();
    await userEvent.click(await screen.findByRole("button", { name: t("Schedule.book") }));
    const dialog = await screen.findByRole("dialog", { name: t("Schedule.book_title") });
    await userEvent.selectOptions(within(dialog).getByLabelText(t("Schedule.field_staff")), "7");
    await userEvent.click(await within(dialog).findByRole("radio", { name: /^11:30\sAM$/ }));
    await userEvent.type(within(dialog).getByLabelText(t("Schedule.client_search")), "hopper");
    await userEvent.click(await within(dialog).findByRole("radio", { name: /Grace Hopper/ }));
    expect(urls().some((url) => url.includes("/clients?search=hopper"))).toBe(true);
    expect(urls().some((url) => url.includes("/availability") && url.includes("staff_id=7"))).toBe(
      true,
    );
    await userEvent.click(within(dialog).getByRole("button", { name: t("Schedule.book_submit") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const body = sent("POST /api/internal/v1/appointments")[0]!.body as {
      data: { attributes: Record<string, unknown>; relationships: unknown };
    };
    expect(body.data.attributes.staff_id).toBe("7");
    expect(body.data.relationships).toEqual({ client: { data: { type: "clients", id: "55" } } });
  });
});

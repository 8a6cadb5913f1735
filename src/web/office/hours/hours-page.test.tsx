// @vitest-environment jsdom
// The opening hours page: the week as stored, a close before an open caught before any save,
// "copy Monday", a save that sends the version it edited (If-Match) and a 409 that explains and
// reloads; holidays listed, added (closed or special hours, yearly, named), changed in the same
// form (If-Match; a 409 said out loud) and deleted after a
// confirmation; the 14-day preview; the landing's list of locations.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type {
  HourAdjustmentResource,
  HoursPreviewDocument,
  LocationHoursDocument,
} from "../../../shared/contracts/location-hours.ts";
import {
  json,
  renderOffice,
  type StubCall,
  staffMe,
  stubServer,
  TORONTO,
  t,
  WARSAW,
} from "../office-test-harness.tsx";
import { HoursLandingPage } from "./hours-landing-page.tsx";
import { HoursPage } from "./hours-page.tsx";

const base = `/api/internal/v1/locations/${WARSAW.id}`;
const nineToFive = [{ open: "09:00", closed: "17:00" }];
const lunch = [
  { open: "09:00", closed: "12:00" },
  { open: "13:00", closed: "17:00" },
];
const weekly = {
  monday: nineToFive,
  tuesday: [{ open: "10:00", closed: "16:00" }],
  wednesday: null,
  thursday: nineToFive,
  friday: nineToFive,
  saturday: null,
  sunday: null,
};
const hoursDoc = (
  version: number,
  week: LocationHoursDocument["data"]["attributes"]["weekly"] = weekly,
): LocationHoursDocument => ({
  data: {
    type: "location-hours",
    id: String(WARSAW.id),
    attributes: { timezone: "Europe/Warsaw", weekly: week, version },
  },
});
const christmas: HourAdjustmentResource = {
  type: "location-hour-adjustments",
  id: "7",
  attributes: {
    date: "2024-12-25",
    name: "Christmas Day",
    hours: null,
    recurs_yearly: true,
    next_date: "2026-12-25",
    version: 3,
    created_at: "2026-01-01T00:00:00.000Z",
  },
};
const preview: HoursPreviewDocument = {
  data: [
    {
      type: "location-hour-days",
      id: "2026-12-24",
      attributes: {
        date: "2026-12-24",
        weekday: "thursday",
        hours: lunch,
        adjustment: null,
      },
    },
    {
      type: "location-hour-days",
      id: "2026-12-25",
      attributes: {
        date: "2026-12-25",
        weekday: "friday",
        hours: null,
        adjustment: { id: "7", name: "Christmas Day", recurs_yearly: true },
      },
    },
  ],
  meta: { timezone: "Europe/Warsaw" },
};

/** The hours' history: Saturday opened in two periods, and Christmas Day added. */
const history = [
  {
    type: "audit-entries",
    id: "31",
    attributes: {
      subject_type: "location_hours",
      subject_id: String(WARSAW.id),
      action: "updated",
      actor: { id: "5", full_name: "Maria Nowak" },
      before: { weekly: { monday: [{ open: "09:00", closed: "17:00" }], saturday: null } },
      after: {
        weekly: {
          monday: [{ open: "09:00", closed: "17:00" }],
          saturday: [
            { open: "10:00", closed: "13:00" },
            { open: "14:00", closed: "16:00" },
          ],
        },
      },
      changed: ["weekly"],
      created_at: "2026-12-01T09:00:00.000Z",
    },
  },
  {
    type: "audit-entries",
    id: "30",
    attributes: {
      subject_type: "location_hours",
      subject_id: String(WARSAW.id),
      action: "created",
      actor: { id: "5", full_name: "Maria Nowak" },
      before: null,
      after: {
        adjustment_id: "8",
        date: "2026-12-25",
        name: "Christmas Day",
        hours: [],
        recurs_yearly: true,
      },
      changed: ["adjustment_id", "date", "name", "hours", "recurs_yearly"],
      created_at: "2026-12-01T08:00:00.000Z",
    },
  },
];

const manager = () => staffMe("manager", { locations: [WARSAW, TORONTO], all_locations: true });

function open(answers: Record<string, (call: StubCall) => Response | Promise<Response>> = {}) {
  const calls = stubServer({
    [`GET ${base}/hours`]: () => json(200, hoursDoc(4)),
    [`GET ${base}/adjustments`]: () =>
      json(200, {
        data: [christmas],
        meta: { from: "2026-12-01", to: null, timezone: "Europe/Warsaw", today: "2026-12-01" },
      }),
    [`GET ${base}/hours/preview`]: () => json(200, preview),
    "GET /api/internal/v1/audit-log": () =>
      json(200, { data: history, meta: { next_cursor: null } }),
    ...answers,
  });
  renderOffice(<HoursPage />, {
    at: `/hours/${WARSAW.id}`,
    path: "/hours/:locationId",
    me: manager(),
  });
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const day = (name: string) => screen.getByRole("group", { name });

describe("the weekly hours", () => {
  it("shows each weekday as stored: open with its times, or closed all day", async () => {
    open();
    await screen.findByRole("heading", { name: `Opening hours: ${WARSAW.name}` });
    await waitFor(() =>
      expect((within(day("Tuesday")).getByLabelText("Opens") as HTMLInputElement).value).toBe(
        "10:00",
      ),
    );
    expect(
      (within(day("Monday")).getByRole("checkbox", { name: "Open" }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (within(day("Wednesday")).getByRole("checkbox", { name: "Open" }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    expect(within(day("Wednesday")).getByText("Closed all day")).toBeTruthy();
  });

  it("catches a close before the open beside the day and sends nothing", async () => {
    const calls = open();
    const user = userEvent.setup();
    const closes = await waitFor(() => within(day("Monday")).getByLabelText("Closes"));
    await user.clear(closes);
    await user.type(closes, "08:00");
    await user.click(screen.getByRole("button", { name: "Save weekly hours" }));
    expect(
      await within(day("Monday")).findByText(t("Office.hours.error.close_before_open")),
    ).toBeTruthy();
    expect(closes.getAttribute("aria-invalid")).toBe("true");
    const form = screen.getByRole("form", { name: "Weekly hours" });
    expect(within(form).getByRole("alert").textContent).toContain(t("Office.hours.fix_errors"));
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
  });

  it("copies Monday to the weekdays and saves with the version it edited", async () => {
    const calls = open({
      [`PUT ${base}/hours`]: (call) =>
        json(
          200,
          hoursDoc(
            5,
            (call.body as { data: { attributes: { weekly: typeof weekly } } }).data.attributes
              .weekly,
          ),
        ),
    });
    const user = userEvent.setup();
    await waitFor(() => within(day("Tuesday")).getByLabelText("Opens"));
    await user.click(screen.getByRole("button", { name: "Copy Monday to Tuesday–Friday" }));
    await user.click(screen.getByRole("button", { name: "Save weekly hours" }));
    await screen.findByText(t("Office.hours.saved"));
    const put = calls.find((call) => call.method === "PUT");
    expect(put?.headers.get("if-match")).toBe('"4"');
    expect(put?.body).toEqual({
      data: {
        type: "location-hours",
        attributes: {
          weekly: {
            ...weekly,
            tuesday: nineToFive,
            wednesday: nineToFive,
          },
        },
      },
    });
  });

  it("adds a period to a day by its button, catches an overlap, and saves the day's periods", async () => {
    const calls = open({
      [`PUT ${base}/hours`]: (call) =>
        json(
          200,
          hoursDoc(
            5,
            (call.body as { data: { attributes: { weekly: typeof weekly } } }).data.attributes
              .weekly,
          ),
        ),
    });
    const user = userEvent.setup();
    await waitFor(() => within(day("Monday")).getByLabelText("Opens"));
    const add = within(day("Monday")).getByRole("button", {
      name: t("Office.hours.add_period_label").replace("{day}", "Monday"),
    });
    await user.click(add);
    const second = within(day("Monday")).getByRole("group", { name: "Period 2" });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(second).getByLabelText("Opens")),
    );
    // The guess (18:00–19:00) is changed to an afternoon that overlaps the morning's 09:00–17:00.
    const first = within(day("Monday")).getByRole("group", { name: "Period 1" });
    await user.clear(within(first).getByLabelText("Closes"));
    await user.type(within(first).getByLabelText("Closes"), "12:00");
    await user.clear(within(second).getByLabelText("Opens"));
    await user.type(within(second).getByLabelText("Opens"), "11:00");
    await user.clear(within(second).getByLabelText("Closes"));
    await user.type(within(second).getByLabelText("Closes"), "17:00");
    await user.click(screen.getByRole("button", { name: "Save weekly hours" }));
    expect(await within(second).findByText(t("Office.hours.error.overlap"))).toBeTruthy();
    expect(within(second).getByLabelText("Opens").getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
    await user.clear(within(second).getByLabelText("Opens"));
    await user.type(within(second).getByLabelText("Opens"), "13:00");
    await user.click(screen.getByRole("button", { name: "Save weekly hours" }));
    await screen.findByText(t("Office.hours.saved"));
    const put = calls.find((call) => call.method === "PUT");
    expect(put?.body).toMatchObject({ data: { attributes: { weekly: { monday: lunch } } } });
    // Removing the second period leaves one, and the focus on the add button.
    await user.click(
      within(day("Monday")).getByRole("button", {
        name: t("Office.hours.remove_period_label")
          .replace("{number}", "2")
          .replace("{day}", "Monday"),
      }),
    );
    expect(within(day("Monday")).queryByRole("group", { name: "Period 2" })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("aria-label")).toBe(
        t("Office.hours.add_period_label").replace("{day}", "Monday"),
      ),
    );
  });

  it("explains a 409 and loads the other person's version on request", async () => {
    let reads = 0;
    open({
      [`GET ${base}/hours`]: () => {
        reads += 1;
        return json(
          200,
          hoursDoc(reads === 1 ? 4 : 6, reads === 1 ? weekly : { ...weekly, monday: null }),
        );
      },
      [`PUT ${base}/hours`]: () =>
        json(409, {
          errors: [{ status: "409", code: "version_conflict", detail: "Changed meanwhile" }],
        }),
    });
    const user = userEvent.setup();
    await waitFor(() => within(day("Monday")).getByLabelText("Opens"));
    await user.click(screen.getByRole("button", { name: "Save weekly hours" }));
    expect(await screen.findByText(t("Office.hours.conflict"))).toBeTruthy();
    await user.click(screen.getByRole("button", { name: t("Office.hours.reload") }));
    await waitFor(() =>
      expect(
        (within(day("Monday")).getByRole("checkbox", { name: "Open" }) as HTMLInputElement).checked,
      ).toBe(false),
    );
  });
});

describe("holidays and special days", () => {
  it("lists a yearly holiday at its next date with its name", async () => {
    open();
    const item = await screen.findByText("Friday, December 25, 2026");
    expect(item.parentElement?.textContent).toContain("Christmas Day · Closed · every year");
  });

  it("adds special hours on a date, every year, with a name", async () => {
    const calls = open({
      [`POST ${base}/adjustments`]: () => json(201, { data: { ...christmas, id: "8" } }),
    });
    const user = userEvent.setup();
    await screen.findByText("Friday, December 25, 2026");
    await user.type(screen.getByLabelText(/^Date/), "2026-12-24");
    await user.type(screen.getByLabelText(/^Name/), "Christmas Eve");
    await user.click(screen.getByRole("radio", { name: "Special hours" }));
    const opens = screen.getAllByLabelText("Opens").at(-1) as HTMLElement;
    const closes = screen.getAllByLabelText("Closes").at(-1) as HTMLElement;
    await user.clear(opens);
    await user.type(opens, "09:00");
    await user.clear(closes);
    await user.type(closes, "12:00");
    await user.click(screen.getByRole("checkbox", { name: "Every year on this date" }));
    await user.click(screen.getByRole("button", { name: "Add" }));
    await screen.findByText("Thursday, December 24, 2026 added.");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      data: {
        type: "location-hour-adjustments",
        attributes: {
          date: "2026-12-24",
          name: "Christmas Eve",
          hours: [{ open: "09:00", closed: "12:00" }],
          recurs_yearly: true,
        },
      },
    });
  });

  it("shows the server's refusal beside the date", async () => {
    open({
      [`POST ${base}/adjustments`]: () =>
        json(422, {
          errors: [
            {
              status: "422",
              code: "date_taken",
              detail: t("Office.hours.error.date_taken"),
              source: { pointer: "/data/attributes/date" },
            },
          ],
        }),
    });
    const user = userEvent.setup();
    await screen.findByText("Friday, December 25, 2026");
    await user.type(screen.getByLabelText(/^Date/), "2026-12-25");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText(t("Office.hours.error.date_taken"))).toBeTruthy();
    expect(screen.getByLabelText(/^Date/).getAttribute("aria-invalid")).toBe("true");
  });

  it("asks before deleting, keeps it on 'Keep it', deletes with its version", async () => {
    const calls = open({
      [`DELETE ${base}/adjustments/7`]: () => json(204, null),
    });
    const user = userEvent.setup();
    const remove = await screen.findByRole("button", { name: "Delete Friday, December 25, 2026" });
    await user.click(remove);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Keep it" }));
    await user.click(screen.getByRole("button", { name: "Keep it" }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Delete Friday, December 25, 2026" }));
    await user.click(
      within(screen.getByRole("group", { name: /Delete Friday, December 25, 2026\?/ })).getByRole(
        "button",
        { name: "Delete" },
      ),
    );
    await waitFor(() =>
      expect(
        screen.getByRole("region", { name: "Holidays and special days" }).textContent,
      ).toContain("Friday, December 25, 2026 deleted."),
    );
    expect(calls.find((call) => call.method === "DELETE")?.headers.get("if-match")).toBe('"3"');
  });

  it("changes a day in the same form: filled in, saved with its version, back to adding", async () => {
    const calls = open({
      [`PATCH ${base}/adjustments/7`]: () =>
        json(200, {
          data: {
            ...christmas,
            attributes: { ...christmas.attributes, hours: [{ open: "10:00", closed: "13:00" }] },
          },
        }),
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole("button", { name: "Change Friday, December 25, 2026" }),
    );
    const title = screen.getByRole("heading", { name: "Change Wednesday, December 25, 2024" });
    await waitFor(() => expect(document.activeElement).toBe(title));
    const form = within(screen.getByRole("form", { name: "Change Wednesday, December 25, 2024" }));
    expect((form.getByLabelText(/^Date/) as HTMLInputElement).value).toBe("2024-12-25");
    expect((form.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Christmas Day");
    expect(
      (form.getByRole("checkbox", { name: t("Office.hours.every_year_label") }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await user.click(form.getByRole("radio", { name: t("Office.hours.special_hours") }));
    await user.clear(form.getByLabelText(/^Closes/));
    await user.type(form.getByLabelText(/^Closes/), "13:00");
    await user.click(screen.getByRole("button", { name: t("Office.hours.save_changes") }));
    await waitFor(() =>
      expect(
        screen.getByRole("region", { name: "Holidays and special days" }).textContent,
      ).toContain("Wednesday, December 25, 2024 saved."),
    );
    const patch = calls.find((call) => call.method === "PATCH");
    expect(patch?.headers.get("if-match")).toBe('"3"');
    expect(patch?.body).toEqual({
      data: {
        type: "location-hour-adjustments",
        attributes: {
          date: "2024-12-25",
          name: "Christmas Day",
          hours: [{ open: "10:00", closed: "13:00" }],
          recurs_yearly: true,
        },
      },
    });
    expect(screen.getByRole("heading", { name: t("Office.hours.add_title") })).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("says so when someone changed the day first (409), and leaves the form for a new day", async () => {
    open({
      [`PATCH ${base}/adjustments/7`]: () =>
        json(409, {
          errors: [{ status: "409", code: "version_conflict", detail: "changed" }],
          meta: { current: christmas },
        }),
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole("button", { name: "Change Friday, December 25, 2026" }),
    );
    await user.click(screen.getByRole("button", { name: t("Office.hours.save_changes") }));
    expect(await screen.findByText(t("Office.hours.edit_conflict"))).toBeTruthy();
    expect(screen.getByRole("heading", { name: t("Office.hours.add_title") })).toBeTruthy();
  });
});

describe("the hours' history", () => {
  it("lists each day a change of the week touched, and names the holiday a record created", async () => {
    open();
    const heading = await screen.findByRole("heading", { name: t("Audit.heading") });
    const trail = heading.closest("section") as HTMLElement;
    expect(
      await within(trail).findByText(
        "Saturday changed from Closed to 10:00–13:00, 14:00–16:00",
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(within(trail).queryByText(/Monday changed/)).toBeNull();
    expect(within(trail).getByText("Friday, December 25, 2026 · Christmas Day")).toBeTruthy();
    expect(within(trail).queryByText(/adjustment_id/)).toBeNull();
  });
});

describe("the preview and the landing", () => {
  it("shows the next days as visitors see them, with the holiday's name", async () => {
    open();
    const table = await screen.findByRole("table", { name: t("Office.hours.preview_title") });
    const rows = within(table).getAllByRole("row");
    expect(rows[1]?.textContent).toContain("09:00–12:00, 13:00–17:00");
    expect(rows[2]?.textContent).toContain("Closed");
    expect(rows[2]?.textContent).toContain("Christmas Day");
  });

  it("lists the locations with their zone and the time there, one link each", () => {
    vi.useFakeTimers({ now: new Date("2026-12-04T14:05:00Z"), toFake: ["Date"] });
    try {
      stubServer({});
      renderOffice(<HoursLandingPage />, { at: "/hours", path: "/hours", me: manager() });
      expect(screen.getByRole("link", { name: WARSAW.name }).getAttribute("href")).toBe(
        `/hours/${WARSAW.id}`,
      );
      expect(screen.getByRole("link", { name: TORONTO.name }).getAttribute("href")).toBe(
        `/hours/${TORONTO.id}`,
      );
      const warsaw = screen.getByRole("rowheader", { name: WARSAW.name }).closest("tr")!;
      expect(warsaw.textContent).toContain("Europe/Warsaw");
      expect(warsaw.textContent).toContain("Fri 3:05 PM");
      const toronto = screen.getByRole("rowheader", { name: TORONTO.name }).closest("tr")!;
      expect(toronto.textContent).toContain("Fri 9:05 AM");
    } finally {
      vi.useRealTimers();
    }
  });

  it("finds a location by name or zone, keeps the search in the address, and pages", async () => {
    stubServer({});
    const many = Array.from({ length: 30 }, (_, i) => ({
      id: 100 + i,
      name: `Branch ${String(i + 1).padStart(2, "0")}`,
      timezone: i % 2 === 0 ? "America/Chicago" : "Asia/Seoul",
    }));
    renderOffice(<HoursLandingPage />, {
      at: "/hours",
      path: "/hours",
      me: staffMe("manager", { locations: many, all_locations: true }),
    });
    expect(screen.getAllByRole("rowheader")).toHaveLength(25);
    await userEvent.click(screen.getByRole("button", { name: t("Office.ui.pager.next") }));
    await waitFor(() => expect(screen.getAllByRole("rowheader")).toHaveLength(5));
    await userEvent.type(screen.getByRole("searchbox"), "seoul");
    await waitFor(() => expect(screen.getAllByRole("rowheader")).toHaveLength(15));
    expect(screen.getByTestId("where").textContent).toContain("q=seoul");
    await userEvent.clear(screen.getByRole("searchbox"));
    await userEvent.type(screen.getByRole("searchbox"), "branch 07");
    await waitFor(() =>
      expect(screen.getAllByRole("rowheader").map((cell) => cell.textContent)).toEqual([
        "Branch 07",
      ]),
    );
    await userEvent.clear(screen.getByRole("searchbox"));
    await userEvent.type(screen.getByRole("searchbox"), "nowhere");
    expect(await screen.findByText(t("Office.locations.empty_filtered"))).toBeTruthy();
  });
});

// @vitest-environment jsdom
// The shared notice screens: the closed location with its coming hours, and services unavailable
// worded by reason and meeting method, with the location's details only when the vendor allows.
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it } from "vitest";
import { MEETING_METHODS } from "../../../shared/domain.ts";
import en from "../../../shared/i18n/en.json" with { type: "json" };
import { futureOpenHours } from "../../../shared/opening-hours.ts";
import type { LocationResource } from "../../api/locations.ts";
import type { VendorInfo } from "../../api/vendor.ts";
import { CurrentVendorContext } from "../../current-vendor.ts";
import { locationAttributes, vendorFixture } from "../confirmation/confirmation-fixtures.ts";
import { LocationClosedNotice } from "./location-closed-notice.tsx";
import { ServicesUnavailableNotice } from "./services-unavailable-notice.tsx";

const messages = en as Record<string, string>;
// Sunday 20:00 in Toronto: closed now, open Monday to Friday.
const NOW = new Date("2025-03-03T01:00:00Z");
/** 09:00–17:00 in Toronto (UTC−5 until 9 March 2025) as spec §3 future_open_hours. */
const weekdaysFromNow = (["monday", "tuesday", "wednesday", "thursday", "friday"] as const).map(
  (weekday) => ({ weekday, hours: { start: "140000", end: "220000" } }),
);
const location: LocationResource = {
  type: "locations",
  id: "7",
  attributes: locationAttributes({ is_currently_open: false, future_open_hours: weekdaysFromNow }),
};

function renderWith(children: ReactNode, vendor: VendorInfo = vendorFixture()) {
  render(
    <CurrentVendorContext value={vendor}>
      <IntlProvider locale="en" messages={messages}>
        {children}
      </IntlProvider>
    </CurrentVendorContext>,
  );
}

afterEach(cleanup);

describe("LocationClosedNotice", () => {
  it("says the location is closed and lists the coming open days", () => {
    renderWith(<LocationClosedNotice location={location} now={NOW} />);
    expect(screen.getByRole("heading", { level: 1, name: "Currently closed" })).toBeTruthy();
    expect(screen.getByText(/Toronto — First Canadian Place is not taking requests/)).toBeTruthy();
    const days = screen
      .getAllByRole("listitem")
      .map((item) => item.textContent?.replace(/\s/g, " "));
    expect(days).toEqual([
      "Monday9:00 AM – 5:00 PM EST",
      "Tuesday9:00 AM – 5:00 PM EST",
      "Wednesday9:00 AM – 5:00 PM EST",
      "Thursday9:00 AM – 5:00 PM EST",
      "Friday9:00 AM – 5:00 PM EST",
    ]);
    expect(document.title).toBe("Currently closed · Northwind Bank");
  });

  it("during a lunch closure, lists today's periods and says when it reopens", () => {
    // Monday 3 March 2025, 12:30 in Toronto (UTC−5): closed from 12:00 to 13:00.
    const lunchNow = new Date("2025-03-03T17:30:00Z");
    const lunch = [
      { open: "09:00", closed: "12:00" },
      { open: "13:00", closed: "17:00" },
    ];
    const atLunch: LocationResource = {
      type: "locations",
      id: "7",
      attributes: locationAttributes({
        is_currently_open: false,
        opening_periods: { monday: lunch },
        future_open_hours: futureOpenHours({ monday: lunch }, "America/Toronto", lunchNow),
      }),
    };
    renderWith(<LocationClosedNotice location={atLunch} now={lunchNow} />);
    expect(screen.getByText("Closed for a break: it reopens today at 1:00 PM.")).toBeTruthy();
    const days = screen
      .getAllByRole("listitem")
      .map((item) => item.textContent?.replace(/\s/g, " "));
    expect(days).toEqual(["MondayToday1:00 – 5:00 PM EST"]);
  });

  it("does not speak of a break before the day's first opening", () => {
    const lunch = [
      { open: "09:00", closed: "12:00" },
      { open: "13:00", closed: "17:00" },
    ];
    // Monday 3 March 2025, 08:00 in Toronto.
    const early = new Date("2025-03-03T13:00:00Z");
    const before: LocationResource = {
      type: "locations",
      id: "7",
      attributes: locationAttributes({
        is_currently_open: false,
        opening_periods: { monday: lunch },
        future_open_hours: futureOpenHours({ monday: lunch }, "America/Toronto", early),
      }),
    };
    renderWith(<LocationClosedNotice location={before} now={early} />);
    expect(screen.queryByText(/reopens/)).toBeNull();
    expect(screen.getAllByRole("listitem")[0]?.textContent?.replace(/\s/g, " ")).toBe(
      "MondayToday9:00 AM – 12:00 PM EST, 1:00 – 5:00 PM EST",
    );
  });

  it("says when there are no hours in the coming week", () => {
    const closed: LocationResource = {
      type: "locations",
      id: "7",
      attributes: locationAttributes({
        hours: {
          monday: null,
          tuesday: null,
          wednesday: null,
          thursday: null,
          friday: null,
          saturday: null,
          sunday: null,
        },
        future_open_hours: [],
        is_currently_open: false,
      }),
    };
    renderWith(<LocationClosedNotice location={closed} now={NOW} />);
    expect(screen.getByText("No opening hours in the coming week.")).toBeTruthy();
  });
});

describe("ServicesUnavailableNotice", () => {
  it("words the missing staff by meeting method", () => {
    renderWith(<ServicesUnavailableNotice meetingMethod={MEETING_METHODS.phone} />);
    expect(
      screen.getByText(
        "There are no staff available for phone callbacks at this location right now.",
      ),
    ).toBeTruthy();
  });

  it("says which method the location does not take, or that it is private", () => {
    renderWith(
      <ServicesUnavailableNotice
        reason="method_not_offered"
        meetingMethod={MEETING_METHODS.video}
      />,
    );
    expect(
      screen.getByText("This location is not taking video callbacks at this time"),
    ).toBeTruthy();
    cleanup();
    renderWith(
      <ServicesUnavailableNotice
        reason="method_not_offered"
        meetingMethod={MEETING_METHODS.in_person}
      />,
    );
    expect(
      screen.getByText("This location is not taking in person walk-ins at this time"),
    ).toBeTruthy();
    cleanup();
    renderWith(<ServicesUnavailableNotice reason="private" />);
    expect(
      screen.getByText("This location is private and you cannot join the line here"),
    ).toBeTruthy();
  });

  it("shows the location's name, address and a call link when the vendor allows it", () => {
    renderWith(
      <ServicesUnavailableNotice meetingMethod={MEETING_METHODS.in_person} location={location} />,
    );
    expect(
      screen.getByRole("heading", { level: 2, name: "Toronto — First Canadian Place" }),
    ).toBeTruthy();
    expect(screen.getByText("100 King Street West, Toronto, ON M5X 1A9, CA")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Call (416) 555-0142" }).getAttribute("href")).toBe(
      "tel:+14165550142",
    );
  });

  it("keeps the location's details back when the vendor does not allow them", () => {
    renderWith(
      <ServicesUnavailableNotice meetingMethod={MEETING_METHODS.in_person} location={location} />,
      vendorFixture({ callback_closed_location_info: false }),
    );
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.queryByText(/King Street/)).toBeNull();
  });
});

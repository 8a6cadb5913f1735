// @vitest-environment jsdom
// The location switcher offers the staff member's locations, and a choice lands in the address
// (so a reload or a bookmark opens the same line) and on the device (for the next visit).
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderOffice, staffMe, TORONTO, t, WARSAW } from "../office-test-harness.tsx";
import { LocationSwitcher } from "./location-switcher.tsx";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("the location switcher", () => {
  it("switches the line shown, in the address and on the device, forgetting the service filter", () => {
    const me = staffMe("manager", { locations: [TORONTO, WARSAW] });
    renderOffice(<LocationSwitcher />, { at: "/lobby?service=11", me });
    const select = screen.getByLabelText(t("Office.location")) as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual([TORONTO.name, WARSAW.name]);
    expect(select.value).toBe("1");

    fireEvent.change(select, { target: { value: "5" } });
    expect(screen.getByTestId("where").textContent).toBe("/lobby?location=5");
    expect(localStorage.getItem("nextline.office.location")).toBe("5");
  });

  it("names the only location instead of offering a choice", () => {
    renderOffice(<LocationSwitcher />, { at: "/lobby", me: staffMe("staff") });
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.getByText(WARSAW.name)).toBeTruthy();
  });
});

// @vitest-environment jsdom
// The lobby's today's appointments: the location's booked clients of the day in time order on its
// clock (cancelled ones left out), the serve actions sent with If-Match for those who serve, none
// for those who do not, and a re-read when realtime says an appointment changed.
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
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
import { ALAN, appointment, GRACE, scheduleDocument } from "../schedule/schedule-test-fixture.ts";
import { TodaysAppointments } from "./todays-appointments.tsx";

const SCHEDULE = "GET /api/internal/v1/schedule";
let calls: StubCall[];
const sent = (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key);

function open(me = staffMe("staff", { locations: [TORONTO] })) {
  const realtime = recordingStaffRealtime();
  renderOffice(<TodaysAppointments locationId="1" timezone="America/Toronto" />, {
    at: "/lobby?location=1",
    me,
    realtime: realtime.client,
  });
  return realtime;
}

beforeEach(() => {
  setStaffCsrfToken("staff-csrf");
  calls = stubServer({
    [SCHEDULE]: () => json(200, scheduleDocument()),
    "PATCH /api/internal/v1/appointments/101": () =>
      json(200, {
        data: appointment("101", { status: 5, status_name: "in_progress", version: 4 }),
      }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("today's appointments in the lobby", () => {
  it("lists the day's clients in time order with what one may do for each", async () => {
    open();
    const panel = await screen.findByRole("region", { name: t("Schedule.today_heading") });
    const rows = await within(panel).findAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^9:30\sAM.*Grace Hopper · Mortgage advice · Ada Park · Confirmed/),
      expect.stringMatching(/^10:00\sAM.*Alan Turing · Account opening · Ben Ortiz · In progress/),
    ]);
    expect(within(rows[1]!).getByRole("button", { name: "Complete: Alan Turing" })).toBeTruthy();
    expect(
      within(panel)
        .getByRole("link", { name: t("Schedule.open_schedule") })
        .getAttribute("href"),
    ).toBe("/schedule?location=1");
    const result = await axe.run(document.body, {
      rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
    });
    expect(result.violations.map((v) => v.id)).toEqual([]);

    await userEvent.click(within(rows[0]!).getByRole("button", { name: "Start: Grace Hopper" }));
    await waitFor(() => expect(sent("PATCH /api/internal/v1/appointments/101")).toHaveLength(1));
    const [patch] = sent("PATCH /api/internal/v1/appointments/101");
    expect(patch!.headers.get("If-Match")).toBe(`"${GRACE.attributes.version}"`);
    expect(patch!.body).toEqual({
      data: { type: "appointments", id: "101", attributes: { status: 5 } },
    });
  });

  it("shows no actions to those who do not serve, and follows the location's changes", async () => {
    const realtime = open(staffMe("contact_centre_staff", { locations: [TORONTO] }));
    const panel = await screen.findByRole("region", { name: t("Schedule.today_heading") });
    await within(panel).findAllByRole("listitem");
    expect(within(panel).queryAllByRole("button")).toEqual([]);
    const before = sent(SCHEDULE).length;
    act(() =>
      realtime.channels.get("1")!.appointmentChanged!({
        appointment_id: ALAN.id,
        location_id: "1",
        start: ALAN.attributes.start,
      }),
    );
    await waitFor(() => expect(sent(SCHEDULE).length).toBe(before + 1));
  });
});

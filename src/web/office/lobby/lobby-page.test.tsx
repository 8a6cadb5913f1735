// @vitest-environment jsdom
// The lobby against a stub server and a recording realtime channel: the line in order, N and C,
// new arrivals announced after a realtime event, cancel only after confirming, a transfer to another
// line, and a role that sees the line without serving it.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installModalDialog } from "../../../../test/fakes/modal-dialog.ts";
import { setStaffCsrfToken } from "../../api/office/office-client.ts";
import {
  json,
  recordingStaffRealtime,
  renderOffice,
  type StubCall,
  staffMe,
  stubServer,
  t,
  WARSAW,
} from "../office-test-harness.tsx";
import { GRACE, scheduleDocument } from "../schedule/schedule-test-fixture.ts";
import { playArrivalChime } from "./arrival-chime.ts";
import { LobbyPage } from "./lobby-page.tsx";
import { ACCOUNTS, DEPOSITS, lobbyEntry, queueDocument } from "./lobby-test-entries.ts";

// Web Audio is not in jsdom; the chime is watched instead of heard.
vi.mock("./arrival-chime.ts", () => ({ playArrivalChime: vi.fn(), unlockArrivalChime: vi.fn() }));

const QUEUE = "GET /api/internal/v1/locations/5/queue";
const NEXT = "POST /api/internal/v1/locations/5/queue/next";
const patchOf = (id: string) => `PATCH /api/internal/v1/queue-appointments/${id}`;

const ada = lobbyEntry({ id: "1", firstName: "Ada", lastName: "Lovelace", quotedWaitSeconds: 900 });
const alan = lobbyEntry({
  id: "2",
  position: 2,
  firstName: "Alan",
  lastName: "Turing",
  ticket: "B-007",
  service: DEPOSITS,
  meetingMethod: 3,
  notes: "Bringing the forms",
});

let calls: StubCall[];
let line = queueDocument([ada, alan]);

function serve(extra: Record<string, (call: StubCall) => Response> = {}) {
  calls = stubServer({
    [QUEUE]: () => json(200, line),
    "GET /api/internal/v1/schedule": () => json(200, scheduleDocument([GRACE])),
    ...extra,
  });
}

const sent = (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key);

beforeEach(() => {
  line = queueDocument([ada, alan]);
  setStaffCsrfToken("staff-csrf");
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(playArrivalChime).mockClear();
  localStorage.clear();
  setStaffCsrfToken(null);
});

async function openLobby(me = staffMe()) {
  const realtime = recordingStaffRealtime();
  const view = renderOffice(<LobbyPage />, { at: "/lobby", me, realtime: realtime.client });
  await screen.findByRole("heading", { level: 3, name: /Ada Lovelace/ });
  return { ...view, realtime };
}

beforeAll(installModalDialog);

describe("the lobby", () => {
  it("shows the line in order, with tickets, time waited, the quote, service and meeting method", async () => {
    serve();
    await openLobby();
    const waiting = screen.getByRole("region", { name: /^Waiting/ });
    const rows = within(waiting).getAllByRole("listitem");
    expect(rows.map((row) => within(row).getByRole("heading").textContent)).toEqual([
      "Ticket A-001Ada Lovelace",
      "Ticket B-007Alan Turing",
    ]);
    expect(within(rows[0]!).getByText("quoted 15 min")).toBeTruthy();
    expect(within(rows[1]!).getByText("Cash deposit")).toBeTruthy();
    expect(within(rows[1]!).getByText("Video call")).toBeTruthy();
    expect(within(rows[1]!).getByText("Bringing the forms")).toBeTruthy();
    expect(screen.getByText("New visitors wait about 25 min")).toBeTruthy();

    // Details on demand: the answers and contact.
    await userEvent.click(within(rows[0]!).getByRole("button", { name: t("Office.details") }));
    expect(within(rows[0]!).getByText("Are you an existing customer?")).toBeTruthy();
    // The ticket heads the details too.
    expect(within(rows[0]!).getAllByRole("definition")[0]!.textContent).toBe("A-001");
    expect(within(rows[0]!).getByRole("link", { name: "601 234 567" }).getAttribute("href")).toBe(
      "tel:+48601234567",
    );
  });

  it("shows the day's booked appointments below the line, for roles that see the schedule", async () => {
    serve();
    const { realtime } = await openLobby();
    const today = await screen.findByRole("region", { name: t("Schedule.today_heading") });
    expect((await within(today).findByRole("listitem")).textContent).toContain("Grace Hopper");
    // A booked appointment's change re-reads the day's appointments, not the line.
    const schedules = sent("GET /api/internal/v1/schedule").length;
    const lines = sent(QUEUE).length;
    act(() =>
      realtime.channels.get("5")!.appointmentChanged!({
        appointment_id: "101",
        location_id: "5",
        start: GRACE.attributes.start,
      }),
    );
    await waitFor(() => expect(sent("GET /api/internal/v1/schedule").length).toBe(schedules + 1));
    expect(sent(QUEUE).length).toBe(lines);
    cleanup();
    serve();
    await openLobby(staffMe("kiosk", { locations: [WARSAW] }));
    expect(screen.queryByRole("region", { name: t("Schedule.today_heading") })).toBeNull();
  });

  it("calls next with N to the desk typed, shows the visitor called, then starts with S", async () => {
    const call = {
      at: "2026-03-02T10:00:00.000Z",
      last_at: "2026-03-02T10:00:00.000Z",
      desk: "Desk 3",
      recall_count: 0,
    };
    const calledAda = lobbyEntry({
      id: "1",
      firstName: "Ada",
      lastName: "Lovelace",
      user: { id: "42", full_name: "Katarzyna Nowak" },
      call,
    });
    const recalled = lobbyEntry({
      id: "1",
      firstName: "Ada",
      lastName: "Lovelace",
      user: { id: "42", full_name: "Katarzyna Nowak" },
      call: { ...call, recall_count: 1, last_at: "2026-03-02T10:01:00.000Z" },
    });
    const started = lobbyEntry({
      id: "1",
      status: "in_progress",
      firstName: "Ada",
      lastName: "Lovelace",
      user: { id: "42", full_name: "Katarzyna Nowak" },
      startedAt: "2026-03-02T10:02:00.000Z",
    });
    serve({
      [NEXT]: () => {
        line = queueDocument([calledAda, alan]);
        return json(200, { data: calledAda });
      },
      [patchOf("1")]: (request) => {
        const attributes = (request.body as { data: { attributes: Record<string, unknown> } }).data
          .attributes;
        const entry = attributes.call === "recall" ? recalled : started;
        line = queueDocument([entry, alan]);
        return json(200, { data: entry });
      },
    });
    await openLobby();

    // Typing in a field is not a shortcut.
    const desk = screen.getByLabelText(t("Office.your_desk"));
    fireEvent.keyDown(screen.getByLabelText(t("Office.filter_service")), { key: "n" });
    fireEvent.change(desk, { target: { value: "Desk 3" } });
    expect(sent(NEXT)).toHaveLength(0);

    fireEvent.keyDown(document.body, { key: "n" });
    await screen.findByText("Called Ada Lovelace.");
    expect(sent(NEXT)[0]!.headers.get("x-csrf-token")).toBe("staff-csrf");
    expect(sent(NEXT)[0]!.body).toEqual({
      data: { type: "queue-calls", attributes: { desk: "Desk 3" } },
    });
    const calledList = await screen.findByRole("region", { name: /^Called/ });
    expect(within(calledList).getByText("Ada Lovelace")).toBeTruthy();
    expect(within(calledList).getByText("To Desk 3")).toBeTruthy();
    // Called is not waiting: Ada has left the line.
    const waiting = screen.getByRole("region", { name: /^Waiting/ });
    expect(within(waiting).queryByText("Ada Lovelace")).toBeNull();
    // While Ada is on her way, N says what to do first.
    fireEvent.keyDown(document.body, { key: "n" });
    expect(sent(NEXT)).toHaveLength(1);

    fireEvent.keyDown(document.body, { key: "r" });
    await screen.findByText("Called Ada Lovelace again.");
    expect(sent(patchOf("1"))[0]!.body).toMatchObject({ data: { attributes: { call: "recall" } } });
    await waitFor(() => expect(screen.getByText("Called again once")).toBeTruthy());

    fireEvent.keyDown(document.body, { key: "s" });
    await screen.findByText("Now serving Ada Lovelace.");
    expect(sent(patchOf("1"))[1]!.body).toMatchObject({
      data: { attributes: { status: "in_progress" } },
    });
    const serving = await screen.findByRole("region", { name: t("Office.serving_heading") });
    expect(within(serving).getByText("Ada Lovelace")).toBeTruthy();
  });

  it("completes the staff member's own visitor with C", async () => {
    const mine = lobbyEntry({
      id: "7",
      status: "in_progress",
      firstName: "Grace",
      lastName: "Hopper",
      user: { id: "42", full_name: "Katarzyna Nowak" },
      startedAt: "2026-03-02T09:55:00.000Z",
    });
    line = queueDocument([ada, mine]);
    serve({
      [patchOf("7")]: () =>
        json(200, { data: { ...mine, attributes: { ...mine.attributes, status: "completed" } } }),
    });
    await openLobby();
    // Call next waits until this visit ends, and says why.
    expect(screen.getByRole("button", { name: /Call next/ }).getAttribute("aria-disabled")).toBe(
      "true",
    );

    fireEvent.keyDown(document.body, { key: "c" });
    await screen.findByText("The visit of Grace Hopper is complete.");
    // Focus had nowhere to be: it waits on the desk's next move.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: /Call next/ })),
    );
    expect(sent(patchOf("7"))[0]!.body).toEqual({
      data: { id: "7", type: "queue-appointments", attributes: { status: "completed" } },
    });
  });

  it("shows and announces a visitor who joins, after the realtime channel says the line changed", async () => {
    serve();
    const { realtime } = await openLobby();
    const newcomer = lobbyEntry({
      id: "3",
      position: 3,
      firstName: "Edsger",
      lastName: "Dijkstra",
    });
    line = queueDocument([ada, alan, newcomer]);
    act(() => realtime.channels.get("5")!.queueAppointmentChanged!({ id: "3" }));

    const row = await screen.findByRole("listitem", { name: /Edsger Dijkstra/ });
    expect(within(row).getByText(t("Office.new_badge"))).toBeTruthy();
    expect(screen.getByText("New visitor: Edsger Dijkstra, Open an account")).toBeTruthy();
    // The first two were there when the page opened: not new.
    expect(screen.getAllByText(t("Office.new_badge"))).toHaveLength(1);
    // The sound is off until the staff member turns it on.
    expect(playArrivalChime).not.toHaveBeenCalled();
  });

  it("chimes for a new arrival once the sound is on", async () => {
    serve();
    const { realtime } = await openLobby();
    const toggle = screen.getByRole("switch", { name: t("Office.arrival_sound") });
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("true");

    line = queueDocument([ada, alan, lobbyEntry({ id: "3", position: 3 })]);
    act(() => realtime.channels.get("5")!.queueAppointmentChanged!({ id: "3" }));
    await waitFor(() => expect(playArrivalChime).toHaveBeenCalledTimes(1));
  });

  it("cancels only after the staff member confirms", async () => {
    serve({
      [patchOf("2")]: () =>
        json(200, { data: { ...alan, attributes: { ...alan.attributes, status: "cancelled" } } }),
    });
    await openLobby();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "More actions for Alan Turing" }));
    await user.click(await screen.findByRole("menuitem", { name: t("Office.cancel_visit") }));

    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByRole("heading").textContent).toBe(
      "Cancel the visit of Alan Turing?",
    );
    expect(document.activeElement).toBe(
      within(dialog).getByRole("button", { name: t("Office.keep_visit") }),
    );
    expect(sent(patchOf("2"))).toHaveLength(0);

    await user.click(within(dialog).getByRole("button", { name: t("Office.cancel_visit") }));
    await screen.findByText("The visit of Alan Turing was cancelled.");
    expect(sent(patchOf("2"))[0]!.body).toMatchObject({
      data: { attributes: { status: "cancelled" } },
    });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("transfers a waiting visitor to another location's line, showing a refusal beside its field", async () => {
    const krakow = { id: 6, name: "Kraków — Rynek", timezone: "Europe/Warsaw" };
    const TRANSFER = "POST /api/internal/v1/queue-appointments/2/transfer";
    let attempts = 0;
    serve({
      "GET /api/internal/v1/locations/6/queue": () => json(200, queueDocument([])),
      [TRANSFER]: () => {
        attempts += 1;
        if (attempts === 1)
          return json(422, {
            errors: [
              {
                status: "422",
                code: "service_unavailable",
                detail: "Not offered there for this visitor.",
                source: { pointer: "/data/attributes/service_id" },
              },
            ],
          });
        line = queueDocument([ada]);
        return json(200, {
          data: {
            ...alan,
            attributes: { ...alan.attributes, location_id: "6", service: ACCOUNTS },
          },
        });
      },
    });
    await openLobby(staffMe("manager", { locations: [WARSAW, krakow] }));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "More actions for Alan Turing" }));
    await user.click(await screen.findByRole("menuitem", { name: t("Office.transfer") }));
    const dialog = await screen.findByRole("dialog", { name: "Transfer Alan Turing" });
    const location = within(dialog).getByRole("combobox", { name: /^Location/ });
    await user.selectOptions(location, "6");
    const service = within(dialog).getByRole("combobox", { name: /^Service/ });
    await waitFor(() =>
      expect(within(service).getByRole("option", { name: ACCOUNTS.name })).toBeTruthy(),
    );
    // Nothing chosen yet: asked for, not sent.
    await user.click(within(dialog).getByRole("button", { name: t("Office.transfer") }));
    expect(within(dialog).getByText(t("Errors.required"))).toBeTruthy();
    expect(sent(TRANSFER)).toHaveLength(0);

    await user.selectOptions(service, ACCOUNTS.id);
    await user.click(within(dialog).getByRole("button", { name: t("Office.transfer") }));
    await within(dialog).findByText("Not offered there for this visitor.");
    expect(document.activeElement).toBe(service);

    await user.click(within(dialog).getByRole("button", { name: t("Office.transfer") }));
    await screen.findByText("Alan Turing was transferred to Open an account.");
    expect(sent(TRANSFER)[1]!.body).toEqual({
      data: {
        type: "queue-appointment-transfers",
        attributes: { location_id: "6", service_id: ACCOUNTS.id },
      },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() =>
      expect(screen.queryByRole("heading", { level: 3, name: /Alan Turing/ })).toBeNull(),
    );
  });

  it("shows a contact centre agent the line, with no serving actions", async () => {
    serve();
    await openLobby(staffMe("contact_centre_staff"));
    expect(screen.queryByRole("button", { name: /Call next/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Call / })).toBeNull();
    expect(screen.getByRole("button", { name: t("Office.add_walk_in") })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: "n" });
    expect(sent(NEXT)).toHaveLength(0);
  });

  it("says so when the staff member has no location", async () => {
    serve();
    renderOffice(<LobbyPage />, { at: "/lobby", me: staffMe("staff", { locations: [] }) });
    expect(screen.getByText(t("Office.no_locations"))).toBeTruthy();
  });
});

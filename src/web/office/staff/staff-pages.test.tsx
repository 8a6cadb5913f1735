// @vitest-environment jsdom
// Staff administration pages: the list asks the API with the address's filters and invites with only
// the roles the caller may give; a person's page saves with If-Match, asks before deactivating and
// shows a 409 with a way to their version; assignments save desks; shifts save the week.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installModalDialog } from "../../../../test/fakes/modal-dialog.ts";
import type { StaffDocument, StaffListDocument } from "../../api/office/staff.ts";
import {
  json,
  renderOffice,
  staffMe,
  stubServer,
  TORONTO,
  t,
  WARSAW,
} from "../office-test-harness.tsx";
import { StaffAssignmentsPage } from "./staff-assignments-page.tsx";
import { StaffListPage } from "./staff-list-page.tsx";
import { StaffMemberPage } from "./staff-member-page.tsx";
import { StaffShiftsPage } from "./staff-shifts-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const manager = staffMe("manager", { locations: [WARSAW, TORONTO] });

function person(attributes: Partial<StaffDocument["data"]["attributes"]> = {}): StaffDocument {
  return {
    data: {
      type: "staff",
      id: "7",
      attributes: {
        email: "ola@northwind.example",
        first_name: "Ola",
        last_name: "Kowalska",
        role_level: 10,
        lang: "pl",
        languages: ["pl", "en"],
        active: true,
        invitation_pending: false,
        locations: [{ location_id: String(WARSAW.id), name: WARSAW.name, desk: "Okienko 2" }],
        service_ids: [],
        shifts: { weekly: [], exceptions: [] },
        version: 3,
        created_at: "2026-11-01T10:00:00.000Z",
        ...attributes,
      },
    },
    meta: { manageable: true, grantable_roles: [5, 7, 10, 13, 15] },
  };
}

const list = (rows: StaffDocument[]): StaffListDocument => ({
  data: rows.map((row) => ({
    type: "staff",
    id: row.data.id,
    attributes: {
      email: row.data.attributes.email,
      first_name: row.data.attributes.first_name,
      last_name: row.data.attributes.last_name,
      role_level: row.data.attributes.role_level,
      lang: row.data.attributes.lang,
      active: row.data.attributes.active,
      invitation_pending: row.data.attributes.invitation_pending,
      locations: row.data.attributes.locations,
    },
  })),
  meta: { total: rows.length, page: 1, limit: 25, grantable_roles: [5, 7, 10, 13, 15] },
});

const auditEmpty = () => json(200, { data: [], meta: { next_cursor: null } });

beforeAll(installModalDialog);

describe("the staff list", () => {
  it("asks with the address's filters, shows each person, and changes the address on a filter", async () => {
    const user = userEvent.setup();
    const calls = stubServer({ "GET /api/internal/v1/staff": () => json(200, list([person()])) });
    renderOffice(<StaffListPage />, { at: "/staff?q=ola&role=10", path: "/staff", me: manager });
    expect(await screen.findByRole("link", { name: "Ola Kowalska" })).toBeTruthy();
    expect(screen.getByText(`${WARSAW.name} (Okienko 2)`)).toBeTruthy();
    const asked = new URL(calls[0]!.path, "http://x");
    expect(asked.pathname).toBe("/api/internal/v1/staff");
    const query = vi.mocked(fetch).mock.calls[0]![0] as string;
    expect(query).toContain("q=ola");
    expect(query).toContain("role_level=10");

    await user.selectOptions(screen.getByLabelText(t("Office.staff.location")), String(TORONTO.id));
    await waitFor(() =>
      expect(screen.getByTestId("where").textContent).toContain(`location=${TORONTO.id}`),
    );
  });

  it("keeps a space typed before a pause in the search, and asks without it", async () => {
    const user = userEvent.setup();
    stubServer({ "GET /api/internal/v1/staff": () => json(200, list([person()])) });
    renderOffice(<StaffListPage />, { at: "/staff", path: "/staff", me: manager });
    const search = await screen.findByLabelText(t("Office.staff.search"));
    await user.type(search, "ola ");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/staff?q=ola+"));
    await user.type(search, "k");
    expect(search).toHaveProperty("value", "ola k");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/staff?q=ola+k"));
    // The list is asked for the trimmed search only: "ola", never "ola ".
    const asked = () =>
      new Set(
        vi
          .mocked(fetch)
          .mock.calls.map(([url]) => new URL(String(url), "http://x").searchParams.get("q")),
      );
    await waitFor(() => expect(asked()).toEqual(new Set([null, "ola", "ola k"])));
  });

  it("invites with only the roles a manager may give, and shows the server's reason at the field", async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      "GET /api/internal/v1/staff": () => json(200, list([])),
      "POST /api/internal/v1/staff": () =>
        json(422, {
          errors: [
            {
              status: "422",
              code: "email_taken",
              detail: t("Office.staff.error.email_taken"),
              source: { pointer: "/data/attributes/email" },
            },
          ],
        }),
    });
    renderOffice(<StaffListPage />, { at: "/staff", path: "/staff", me: manager });
    await user.click(screen.getByRole("button", { name: t("Office.staff.invite") }));
    const form = screen.getByRole("heading", { name: t("Office.staff.invite_title") })
      .parentElement as HTMLElement;
    const role = within(form).getByLabelText(/^Role/) as HTMLSelectElement;
    expect([...role.options].map((o) => o.value)).toEqual(["5", "7", "10", "13", "15"]);
    await user.type(within(form).getByLabelText(/^Email/), "ola@northwind.example");
    await user.type(within(form).getByLabelText(/^First name/), "Ola");
    await user.type(within(form).getByLabelText(/^Last name/), "Kowalska");
    await user.selectOptions(within(form).getByLabelText(/^Location/), String(WARSAW.id));
    await user.click(within(form).getByRole("button", { name: t("Office.staff.send_invitation") }));
    expect(await screen.findByText(t("Office.staff.error.email_taken"))).toBeTruthy();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toMatchObject({
      data: {
        type: "staff",
        attributes: {
          email: "ola@northwind.example",
          role_level: 10,
          locations: [{ location_id: String(WARSAW.id) }],
        },
      },
    });
  });
});

describe("a staff member's page", () => {
  it("asks before deactivating, then saves with the version it showed", async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      "GET /api/internal/v1/staff/7": () => json(200, person()),
      "PATCH /api/internal/v1/staff/7": () => json(200, person({ active: false, version: 4 })),
      "GET /api/internal/v1/audit-log": auditEmpty,
    });
    renderOffice(<StaffMemberPage />, { at: "/staff/7", path: "/staff/:id", me: manager });
    await user.click(await screen.findByRole("button", { name: t("Office.staff.deactivate") }));
    const dialog = await screen.findByRole("alertdialog");
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: t("Office.staff.deactivate") }));
    expect(await screen.findByText(t("Office.staff.deactivated"))).toBeTruthy();
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.body).toEqual({ data: { type: "staff", attributes: { active: false } } });
    expect(patch.headers.get("if-match")).toBe('"3"');
  });

  it("says when someone else changed them meanwhile and offers their version", async () => {
    const user = userEvent.setup();
    let reads = 0;
    stubServer({
      "GET /api/internal/v1/staff/7": () =>
        json(200, reads++ === 0 ? person() : person({ first_name: "Aleksandra", version: 4 })),
      "PATCH /api/internal/v1/staff/7": () =>
        json(409, {
          errors: [
            { status: "409", code: "version_conflict", detail: t("Errors.version_conflict") },
          ],
          meta: { current: person({ first_name: "Aleksandra", version: 4 }).data },
        }),
      "GET /api/internal/v1/audit-log": auditEmpty,
    });
    renderOffice(<StaffMemberPage />, { at: "/staff/7", path: "/staff/:id", me: manager });
    const first = await screen.findByLabelText(/^First name/);
    await user.clear(first);
    await user.type(first, "Olga");
    await user.click(screen.getByRole("button", { name: t("Office.staff.save") }));
    expect(await screen.findByText(t("Errors.version_conflict"))).toBeTruthy();
    await user.click(screen.getByRole("button", { name: t("Office.staff.load_current") }));
    await waitFor(() =>
      expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe("Aleksandra"),
    );
  });

  it("shows a person above the caller's ceiling without a way to change them", async () => {
    const admin = person({ role_level: 30 });
    admin.meta.manageable = false;
    stubServer({
      "GET /api/internal/v1/staff/7": () => json(200, admin),
      "GET /api/internal/v1/audit-log": auditEmpty,
    });
    renderOffice(<StaffMemberPage />, { at: "/staff/7", path: "/staff/:id", me: manager });
    expect(await screen.findByText(t("Office.staff.read_only"))).toBeTruthy();
    expect(screen.queryByRole("button", { name: t("Office.staff.deactivate") })).toBeNull();
    expect(screen.queryByRole("button", { name: t("Office.staff.save") })).toBeNull();
  });
});

describe("assignments and shifts", () => {
  it("saves the locations with their desks", async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      "GET /api/internal/v1/staff/7": () => json(200, person()),
      "PUT /api/internal/v1/staff/7/assignments": () => json(200, person({ version: 4 })),
      [`GET /api/v2/open/queue-appointments-services/${WARSAW.id}`]: () =>
        json(200, { data: [[], []] }),
      [`GET /api/v2/open/queue-appointments-services/${TORONTO.id}`]: () =>
        json(200, { data: [[], []] }),
    });
    renderOffice(<StaffAssignmentsPage />, {
      at: "/staff/7/assignments/edit",
      path: "/staff/:id/assignments/edit",
      me: manager,
    });
    await user.click(await screen.findByRole("checkbox", { name: TORONTO.name }));
    await user.type(
      screen.getByLabelText(new RegExp(`^Desk or counter at ${TORONTO.name}`)),
      "Window 1",
    );
    await user.click(screen.getByRole("button", { name: t("Office.staff.save") }));
    expect(await screen.findByText(t("Office.staff.saved"))).toBeTruthy();
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.body).toEqual({
      data: {
        type: "staff-assignments",
        attributes: {
          locations: [
            { location_id: String(WARSAW.id), desk: "Okienko 2" },
            { location_id: String(TORONTO.id), desk: "Window 1" },
          ],
          service_ids: [],
        },
      },
    });
  });

  it("saves a week with a shift and a break, and shows a refused row's reason", async () => {
    const user = userEvent.setup();
    const calls = stubServer({
      "GET /api/internal/v1/staff/7": () => json(200, person()),
      "PUT /api/internal/v1/staff/7/shifts": () =>
        json(422, {
          errors: [
            {
              status: "422",
              code: "break_outside_shift",
              detail: t("Office.staff.error.break_outside_shift"),
              source: { pointer: "/data/attributes/weekly/1/start" },
            },
          ],
        }),
    });
    renderOffice(<StaffShiftsPage />, {
      at: "/staff/7/shifts/edit",
      path: "/staff/:id/shifts/edit",
      me: manager,
    });
    await user.click(await screen.findByRole("button", { name: t("Office.staff.add_shift") }));
    await user.click(screen.getByRole("button", { name: t("Office.staff.add_break") }));
    await user.click(screen.getByRole("button", { name: t("Office.staff.save") }));
    expect(await screen.findByText(t("Office.staff.error.break_outside_shift"))).toBeTruthy();
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.body).toEqual({
      data: {
        type: "staff-shifts",
        attributes: {
          weekly: [
            {
              location_id: String(WARSAW.id),
              weekday: "monday",
              kind: "shift",
              start: "09:00",
              end: "17:00",
            },
            {
              location_id: String(WARSAW.id),
              weekday: "monday",
              kind: "break",
              start: "12:00",
              end: "12:30",
            },
          ],
          exceptions: [],
        },
      },
    });
  });
});

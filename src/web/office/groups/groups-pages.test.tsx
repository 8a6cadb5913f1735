// @vitest-environment jsdom
// The staff groups pages: Admins get the add link and open groups, Managers read the list only; a
// group's form picks members from a searchable list of staff (kiosk devices left out), saves with If-Match and the whole
// member list, shows a refused name beside its field, and a new group opens its own page.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StaffGroupResource } from "../../api/office/groups-rooms.ts";
import { json, renderOffice, staffMe, stubServer, t } from "../office-test-harness.tsx";
import { GroupFormPage } from "./group-form-page.tsx";
import { GroupsPage } from "./groups-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function group(id: string, attributes: Partial<StaffGroupResource["attributes"]> = {}) {
  return {
    type: "groups" as const,
    id,
    attributes: {
      name: `Group ${id}`,
      description: null,
      member_ids: ["21"],
      archived: false,
      version: 2,
      created_at: "2026-11-01T10:00:00.000Z",
      ...attributes,
    },
  };
}

function person(id: string, first: string, last: string) {
  return {
    type: "staff" as const,
    id,
    attributes: {
      email: `${first.toLowerCase()}@example.com`,
      first_name: first,
      last_name: last,
      role_level: 10,
      lang: "en",
      active: true,
      invitation_pending: false,
      locations: [],
    },
  };
}

const staff = [
  person("21", "Ana", "Costa"),
  person("22", "Jan", "Kowalski"),
  {
    ...person("23", "Lobby", "Kiosk"),
    attributes: { ...person("23", "Lobby", "Kiosk").attributes, role_level: 7 },
  },
];
const common = {
  "GET /api/internal/v1/audit-log": () => json(200, { data: [], meta: { next_cursor: null } }),
  "GET /api/internal/v1/staff": () =>
    json(200, { data: staff, meta: { total: 2, page: 1, limit: 100, grantable_roles: [] } }),
};

describe("groups list", () => {
  it("lets an Admin add and open groups, with each group's member count", async () => {
    stubServer({
      ...common,
      "GET /api/internal/v1/groups": () =>
        json(200, { data: [group("1", { name: "Mortgage advisers", description: "Loans" })] }),
    });
    renderOffice(<GroupsPage />, { at: "/groups", me: staffMe("admin") });
    const link = await screen.findByRole("link", { name: "Mortgage advisers" });
    expect(link.getAttribute("href")).toBe("/groups/1");
    const row = link.closest("tr") as HTMLElement;
    expect(within(row).getByText("1 member")).toBeTruthy();
    expect(within(row).getByText("Loans")).toBeTruthy();
    expect(screen.getByRole("link", { name: t("Office.groups.add") })).toBeTruthy();
  });

  it("shows a Manager the groups without the means to change them", async () => {
    stubServer({
      ...common,
      "GET /api/internal/v1/groups": () => json(200, { data: [group("1", { name: "Tellers" })] }),
    });
    renderOffice(<GroupsPage />, { at: "/groups", me: staffMe("manager") });
    expect(await screen.findByRole("rowheader", { name: "Tellers" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Tellers" })).toBeNull();
    expect(screen.queryByRole("link", { name: t("Office.groups.add") })).toBeNull();
    expect(screen.getByText(t("Office.groups.intro_read_only"))).toBeTruthy();
  });
});

describe("a group's form", () => {
  it("adds a member from the search list and saves with If-Match; a taken name shows beside it", async () => {
    const calls = stubServer({
      ...common,
      "GET /api/internal/v1/groups/1": () => json(200, { data: group("1") }),
      "PATCH /api/internal/v1/groups/1": () =>
        json(422, {
          errors: [
            {
              status: "422",
              code: "name_taken",
              detail: "Another current group already has this name.",
              source: { pointer: "/data/attributes/name" },
            },
          ],
        }),
    });
    renderOffice(<GroupFormPage />, { at: "/groups/1", path: "/groups/:id", me: staffMe("admin") });
    await screen.findByDisplayValue("Group 1");
    // The member already in the group is listed by name, checked.
    expect(await screen.findByRole("checkbox", { name: "Ana Costa" })).toHaveProperty(
      "checked",
      true,
    );
    await userEvent.type(screen.getByLabelText(/Find staff to add/), "Jan");
    await userEvent.click(await screen.findByRole("checkbox", { name: /Jan Kowalski/ }));
    // A kiosk device is no person to put in a group.
    expect(screen.queryByRole("checkbox", { name: /Lobby Kiosk/ })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: t("Office.groups.save") }));
    const patch = await waitFor(() => {
      const found = calls.find((c) => c.method === "PATCH");
      expect(found).toBeDefined();
      return found!;
    });
    expect(patch.headers.get("if-match")).toBe('"2"');
    expect(patch.body).toEqual({
      data: {
        type: "groups",
        attributes: { name: "Group 1", description: null, member_ids: ["21", "22"] },
      },
    });
    expect(await screen.findByText("Another current group already has this name.")).toBeTruthy();
    expect(screen.getByLabelText(/Name/).getAttribute("aria-invalid")).toBe("true");
  });

  it("creates a group and opens its page", async () => {
    const calls = stubServer({
      ...common,
      "POST /api/internal/v1/groups": () =>
        json(201, { data: group("8", { name: "Night shift" }) }),
      "GET /api/internal/v1/groups/8": () =>
        json(200, { data: group("8", { name: "Night shift" }) }),
    });
    renderOffice(<GroupFormPage />, {
      at: "/groups/new",
      path: "/groups/:id",
      me: staffMe("admin"),
    });
    await userEvent.type(screen.getByLabelText(/Name/), "Night shift");
    await userEvent.click(screen.getByRole("button", { name: t("Office.groups.create") }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/groups/8"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      data: {
        type: "groups",
        attributes: { name: "Night shift", description: null, member_ids: [] },
      },
    });
    expect(await screen.findByText("Night shift saved.")).toBeTruthy();
  });
});

// @vitest-environment jsdom
// The clients pages: the search keeps its term in the address and shows each client's contact and
// counts, "Load more" asks for the next page by its cursor; a client's details save with the
// version they edited and say so when someone else saved first; the tabs are links to pages of
// their own with the current one marked; the timeline shows each step at its location's time; a
// merged client points to the one it joined; and merging a duplicate suggests, compares, confirms.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installModalDialog } from "../../../../test/fakes/modal-dialog.ts";
import type { ClientResource, ClientTimelineEntry } from "../../api/office/clients.ts";
import { json, renderOffice, staffMe, stubServer, t } from "../office-test-harness.tsx";
import { ClientPage } from "./client-page.tsx";
import { ClientsPage } from "./clients-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeAll(installModalDialog);

function client(
  id: string,
  attributes: Partial<ClientResource["attributes"]> = {},
): ClientResource {
  return {
    type: "clients",
    id,
    attributes: {
      external_id: null,
      first_name: "Anna",
      last_name: "Nowak",
      email: "anna@example.com",
      cell_phone: "+48601234567",
      cell_phone_formatted: "601 234 567",
      notes: null,
      lang: "pl",
      receive_sms: true,
      version: 3,
      created_at: "2026-10-01T10:00:00.000Z",
      updated_at: "2026-10-01T10:00:00.000Z",
      last_seen_at: "2026-11-20T09:30:00.000Z",
      visits: 4,
      appointments: 2,
      ...attributes,
    },
  };
}

const page = (data: ClientResource[], next: string | null = null) => ({ data, links: { next } });
const auditEmpty = () => json(200, { data: [], meta: { next_cursor: null } });
const fetched = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));
const manager = () => staffMe("manager");

/**
 * axe on the page as it stands. Colour contrast needs a real browser, and "region" the shell's
 * landmarks, which the harness renders the page without.
 */
async function expectNoAxeViolations() {
  const results = await axe.run(document.body, {
    rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
}

describe("the clients search", () => {
  it("asks with the address's term, shows each client, and loads the next page by its cursor", async () => {
    const user = userEvent.setup();
    stubServer({
      "GET /api/internal/v1/clients": () =>
        fetched().at(-1)!.includes("page%5Bcursor%5D=NEXT")
          ? json(200, page([client("8", { first_name: "Anka", email: null })]))
          : json(
              200,
              page([client("7")], "/api/internal/v1/clients?search=nowak&page%5Bcursor%5D=NEXT"),
            ),
    });
    renderOffice(<ClientsPage />, { at: "/clients?q=nowak", path: "/clients", me: manager() });
    const table = await screen.findByRole("table", { name: t("Clients.results") });
    const [, row] = within(table).getAllByRole("row");
    expect(within(row!).getByRole("rowheader", { name: "Anna Nowak" })).toBeTruthy();
    expect(within(row!).getByText("anna@example.com")).toBeTruthy();
    expect(within(row!).getByText("601 234 567")).toBeTruthy();
    expect(within(row!).getByText("4")).toBeTruthy();
    expect(fetched()[0]).toContain("search=nowak");
    expect(screen.getByRole("link", { name: "Anna Nowak" }).getAttribute("href")).toBe(
      "/clients/7",
    );
    await user.click(screen.getByRole("button", { name: t("Clients.load_more") }));
    expect(await screen.findByRole("link", { name: "Anka Nowak" })).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Anka Nowak"));
    expect(screen.queryByRole("button", { name: t("Clients.load_more") })).toBeNull();
    await expectNoAxeViolations();
    const search = screen.getByLabelText(t("Clients.search"));
    await user.clear(search);
    await user.type(search, "anna@example.com");
    await waitFor(() =>
      expect(screen.getByTestId("where").textContent).toBe("/clients?q=anna%40example.com"),
    );
  });
});

describe("a client's page", () => {
  it("saves the details with the version edited, and says so when someone else saved first", async () => {
    const user = userEvent.setup();
    let answer = json(409, {
      errors: [{ status: "409", code: "version_conflict", detail: "Someone else saved it" }],
      meta: { current: client("7", { version: 4 }) },
    });
    const calls = stubServer({
      "GET /api/internal/v1/clients/7": () => json(200, { data: client("7") }),
      "PATCH /api/internal/v1/clients/7": () => answer,
      "GET /api/internal/v1/audit-log": auditEmpty,
    });
    renderOffice(<ClientPage tab="details" />, {
      at: "/clients/7",
      path: "/clients/:id",
      me: manager(),
    });
    const notes = await screen.findByLabelText(t("Clients.notes"));
    await user.type(notes, "Prefers mornings");
    await user.click(screen.getByRole("button", { name: t("Clients.save") }));
    expect((await screen.findByRole("alert")).textContent).toContain("Someone else saved it");
    const patch = calls.find((call) => call.method === "PATCH")!;
    expect(patch.headers.get("if-match")).toBe('"3"');
    expect(patch.body).toMatchObject({
      data: {
        type: "clients",
        attributes: { notes: "Prefers mornings", email: "anna@example.com" },
      },
    });
    expect(screen.getByRole("button", { name: t("Clients.load_current") })).toBeTruthy();
    await expectNoAxeViolations();
    answer = json(200, { data: client("7", { version: 4, notes: "Prefers mornings" }) });
    await user.click(screen.getByRole("button", { name: t("Clients.save") }));
    expect(await screen.findByText(t("Clients.saved"))).toBeTruthy();
  });

  it("is read only for staff who may not edit clients, without merge or history", async () => {
    stubServer({ "GET /api/internal/v1/clients/7": () => json(200, { data: client("7") }) });
    renderOffice(<ClientPage tab="details" />, {
      at: "/clients/7",
      path: "/clients/:id",
      me: staffMe("contact_centre_staff"),
    });
    expect(await screen.findByText(t("Clients.read_only"))).toBeTruthy();
    expect(screen.getByLabelText(t("Clients.notes")).matches(":disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: t("Clients.merge_open") })).toBeNull();
    expect(fetched().some((url) => url.includes("audit-log"))).toBe(false);
  });

  it("links its tabs as pages, marks the current one, and tells the timeline at each place's time", async () => {
    const entry = (
      id: string,
      attributes: Partial<ClientTimelineEntry["attributes"]>,
    ): ClientTimelineEntry => ({
      type: "timeline-entries",
      id,
      attributes: {
        kind: "visit_joined",
        at: "2026-11-20T09:30:00.000Z",
        time_zone: "Europe/Warsaw",
        actor_name: null,
        location_name: "Warszawa — Złota",
        service_name: "Konta",
        channel: null,
        detail: null,
        queue_appointment_id: "1",
        appointment_id: null,
        ...attributes,
      },
    });
    stubServer({
      "GET /api/internal/v1/clients/7": () => json(200, { data: client("7") }),
      "GET /api/internal/v1/clients/7/timeline": () =>
        json(200, {
          data: [
            entry("audit:1", {
              kind: "client_updated",
              at: "2026-11-21T08:00:00.000Z",
              time_zone: null,
              actor_name: "Ola Kowalska",
              location_name: null,
              service_name: null,
            }),
            entry("message:5", { kind: "message_sent", channel: "sms" }),
            entry("visit:1:joined", {}),
          ],
          links: { next: null },
        }),
    });
    renderOffice(<ClientPage tab="timeline" />, {
      at: "/clients/7/timeline",
      path: "/clients/:id/timeline",
      me: manager(),
    });
    const tabs = await screen.findByRole("navigation", { name: t("Clients.tabs") });
    const current = within(tabs).getByRole("link", { name: t("Clients.tab_timeline") });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(
      within(tabs)
        .getByRole("link", { name: t("Clients.tab_walk_ins") })
        .getAttribute("href"),
    ).toBe("/clients/7/walk-ins");
    expect(within(tabs).queryByRole("link", { name: /workflow/i })).toBeNull();
    const list = await screen.findByRole("region", { name: t("Clients.tab_timeline") });
    const timeline = within(list).getAllByRole("listitem");
    expect(timeline[0]!.textContent).toContain(t("Clients.timeline_client_updated"));
    expect(timeline[0]!.textContent).toContain("By Ola Kowalska");
    expect(timeline[1]!.textContent).toContain(t("Clients.channel_sms"));
    // 09:30 UTC is 10:30 in Warsaw
    expect(timeline[2]!.textContent).toContain("10:30");
    expect(timeline[2]!.textContent).toContain("Warszawa — Złota");
    await expectNoAxeViolations();
  });

  it("points a merged client to the one it joined", async () => {
    stubServer({
      "GET /api/internal/v1/clients/9": () =>
        json(404, {
          errors: [{ status: "404", code: "client_merged", detail: "Merged" }],
          meta: { merged_into_id: "7" },
        }),
    });
    renderOffice(<ClientPage tab="details" />, {
      at: "/clients/9",
      path: "/clients/:id",
      me: manager(),
    });
    const link = await screen.findByRole("link", { name: t("Clients.open_survivor") });
    expect(link.getAttribute("href")).toBe("/clients/7");
  });
});

describe("merging a duplicate", () => {
  it("suggests clients sharing the email, phone or name, shows both side by side, and merges", async () => {
    const user = userEvent.setup();
    const duplicate = client("12", {
      first_name: "Anna",
      last_name: "Nowak",
      email: null,
      external_id: "CRM-12",
    });
    const calls = stubServer({
      "GET /api/internal/v1/clients/7": () => json(200, { data: client("7") }),
      "GET /api/internal/v1/clients": () => json(200, page([client("7"), duplicate])),
      "POST /api/internal/v1/clients/7/merge": () =>
        json(200, { data: client("7", { version: 4, visits: 6 }) }),
      "GET /api/internal/v1/audit-log": auditEmpty,
    });
    renderOffice(<ClientPage tab="details" />, {
      at: "/clients/7",
      path: "/clients/:id",
      me: manager(),
    });
    await user.click(await screen.findByRole("button", { name: t("Clients.merge_open") }));
    const dialog = await screen.findByRole("dialog", { name: t("Clients.merge_title") });
    await within(dialog).findAllByRole("button", { name: /Choose Anna Nowak/ });
    const asked = fetched().filter((url) => url.startsWith("/api/internal/v1/clients?"));
    expect(asked.some((url) => url.includes("search=anna%40example.com"))).toBe(true);
    expect(asked.some((url) => url.includes("search=%2B48601234567"))).toBe(true);
    expect(asked.some((url) => url.includes("search=Anna+Nowak"))).toBe(true);
    // the client itself is never suggested
    const choices = await within(dialog).findAllByRole("button", { name: /Choose Anna Nowak/ });
    expect(choices).toHaveLength(1);
    await expectNoAxeViolations();
    // by keyboard: the choice is reached with Tab and taken with Enter
    choices[0]!.focus();
    await user.keyboard("{Enter}");
    expect(within(dialog).getByRole("region", { name: t("Clients.merge_keep") })).toBeTruthy();
    const other = within(dialog).getByRole("region", { name: t("Clients.merge_duplicate") });
    expect(within(other).getByText("CRM-12")).toBeTruthy();
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole("button", { name: t("Clients.merge_confirm") }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")?.body).toEqual({
        data: { type: "client-merges", attributes: { duplicate_id: "12" } },
      }),
    );
    expect(calls.find((call) => call.method === "POST")!.headers.get("if-match")).toBe('"3"');
    expect(await screen.findByText("Anna Nowak was merged into this client.")).toBeTruthy();
  });
});

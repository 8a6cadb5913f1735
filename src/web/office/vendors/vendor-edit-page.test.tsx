// @vitest-environment jsdom
// One vendor's form: its name, slug and host names saved with If-Match, the server's refusals at
// their fields, and a save someone else overtook shown with what they changed and theirs to load.
import { cleanup, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderOffice, staffMe, stubServer, t } from "../office-test-harness.tsx";
import { VendorEditPage } from "./vendor-edit-page.tsx";

const ONE = "/api/internal/v1/vendors/4";

const vendor = (version: number, overrides: Record<string, unknown> = {}) => ({
  type: "vendors",
  id: "4",
  attributes: {
    name: "Harbour Clinic",
    slug: "harbour",
    hosts: ["harbour.example"],
    admins: 1,
    version,
    created_at: "2026-11-26T10:00:00.000Z",
    ...overrides,
  },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(answers: Parameters<typeof stubServer>[0]) {
  const calls = stubServer({
    [`GET ${ONE}`]: () => json(200, { data: vendor(2) }),
    "GET /api/internal/v1/audit-log": () => json(200, { data: [], meta: { next_cursor: null } }),
    ...answers,
  });
  renderOffice(<VendorEditPage />, {
    at: "/vendors/4",
    path: "/vendors/:id",
    me: staffMe("platform_admin"),
  });
  return calls;
}

describe("a vendor's form", () => {
  it("saves the name, slug and host names with If-Match, shows a refusal beside its field, and announces the save", async () => {
    const user = userEvent.setup();
    const answers = [
      json(422, {
        errors: [
          {
            status: "422",
            code: "host_taken",
            detail: t("Office.setup_host_taken"),
            source: { pointer: "/data/attributes/hosts/1" },
          },
        ],
      }),
      json(200, {
        data: vendor(3, {
          name: "Harbour Health",
          hosts: ["harbour.example", "queue.harbour.example"],
        }),
      }),
    ];
    const calls = open({ [`PATCH ${ONE}`]: () => answers.shift()! });
    const name = (await screen.findByLabelText(/^Organisation name/)) as HTMLInputElement;
    expect(name.value).toBe("Harbour Clinic");
    await user.clear(name);
    await user.type(name, "Harbour Health");
    const hosts = screen.getByLabelText(/^Host names/);
    await user.type(hosts, "{Enter}taken.example");
    await user.click(screen.getByRole("button", { name: t("Office.vendors.save") }));
    expect(await screen.findByText(t("Office.setup_host_taken"))).toBeTruthy();
    expect(hosts.getAttribute("aria-invalid")).toBe("true");

    await user.clear(hosts);
    await user.type(hosts, "harbour.example, queue.harbour.example");
    await user.click(screen.getByRole("button", { name: t("Office.vendors.save") }));
    expect(await screen.findByText("Harbour Health saved.")).toBeTruthy();
    const patches = calls.filter((call) => call.method === "PATCH");
    expect(patches.map((call) => call.headers.get("if-match"))).toEqual(['"2"', '"2"']);
    expect(patches.at(-1)?.body).toEqual({
      data: {
        type: "vendors",
        attributes: {
          name: "Harbour Health",
          slug: "harbour",
          hosts: ["harbour.example", "queue.harbour.example"],
        },
      },
    });
    expect((hosts as HTMLTextAreaElement).value).toBe("harbour.example\nqueue.harbour.example");
  });

  it("on 409 says what the other person changed and loads theirs on request", async () => {
    const user = userEvent.setup();
    const calls = open({
      [`PATCH ${ONE}`]: () =>
        json(409, {
          errors: [{ status: "409", code: "version_conflict", detail: "conflict" }],
          meta: { current: vendor(5, { slug: "harbour-health" }) },
        }),
    });
    const name = (await screen.findByLabelText(/^Organisation name/)) as HTMLInputElement;
    await user.type(name, " Centre");
    await user.click(screen.getByRole("button", { name: t("Office.vendors.save") }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(t("Office.setup_slug"));
    await user.click(screen.getByRole("button", { name: t("Office.ui.load_theirs") }));
    expect((screen.getByLabelText(/^Short name/) as HTMLInputElement).value).toBe("harbour-health");
    expect(name.value).toBe("Harbour Clinic");
    expect(calls.filter((call) => call.method === "PATCH")).toHaveLength(1);
  });

  it("shows the vendor's history under its form, in the form's words", async () => {
    open({
      "GET /api/internal/v1/audit-log": () =>
        json(200, {
          data: [
            {
              type: "audit-entries",
              id: "7",
              attributes: {
                subject_type: "vendor",
                subject_id: "4",
                action: "updated",
                actor: { id: "1", full_name: "Pat Platform" },
                before: { name: "Harbour Clinic", slug: "harbour" },
                after: { name: "Harbour Health", slug: "harbour" },
                changed: ["name"],
                created_at: new Date().toISOString(),
              },
            },
          ],
          meta: { next_cursor: null },
        }),
    });
    expect(
      await screen.findByText(/^Organisation name changed from Harbour Clinic to Harbour Health/),
    ).toBeTruthy();
    expect(screen.getByText(/Pat Platform/)).toBeTruthy();
    const read = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL(String(input), "http://localhost"))
      .find((url) => url.pathname.endsWith("/audit-log"));
    expect(read?.searchParams.get("subject_type")).toBe("vendor");
    expect(read?.searchParams.get("subject_id")).toBe("4");
  });

  it("says so when the vendor cannot be found", async () => {
    open({
      [`GET ${ONE}`]: () =>
        json(404, { errors: [{ status: "404", code: "not_found", detail: "Not found" }] }),
    });
    expect(await screen.findByRole("alert")).toBeTruthy();
  });
});

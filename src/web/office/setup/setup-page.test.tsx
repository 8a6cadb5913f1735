// @vitest-environment jsdom
// The setup page: a working link shows the two sections, the current host is offered, a slug is
// suggested from the name, the server's refusals land at their fields, and a dead link or a
// finished setup say so instead of showing the form.
import { cleanup, screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderOffice, type StubCall, stubServer, t } from "../office-test-harness.tsx";
import { SetupPage } from "./setup-page.tsx";

const STATE = "GET /api/internal/v1/setup";
const SETUP = "POST /api/internal/v1/setup";
const state = (value: string) => () =>
  json(200, { data: { type: "setup", id: "setup", attributes: { state: value } } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (at = "/setup?token=the-token") =>
  renderOffice(<SetupPage />, { at, path: "/setup", me: null });

describe("the setup page", () => {
  it("takes the organisation and the account, shows refusals at their fields, then creates", async () => {
    const user = userEvent.setup();
    const answers = [
      json(422, {
        errors: [
          {
            status: "422",
            code: "host_taken",
            detail: t("Office.setup_host_taken"),
            source: { pointer: "/data/attributes/vendor/hosts/0" },
          },
        ],
      }),
      // Never answers: the page stays in its "creating" state (a real one then loads the back office).
      new Promise<Response>(() => {}),
    ];
    const calls = stubServer({ [STATE]: state("ready"), [SETUP]: () => answers.shift()! });
    open();

    const organisation = await screen.findByRole("group", { name: t("Office.setup_organisation") });
    const account = screen.getByRole("group", { name: t("Office.setup_account") });
    const hosts = within(organisation).getByLabelText(/^Host names/) as HTMLTextAreaElement;
    expect(hosts.value).toBe(window.location.hostname);

    await user.type(
      within(organisation).getByLabelText(/^Organisation name/),
      "Lakeside Crédit Union",
    );
    await user.tab();
    const slug = within(organisation).getByLabelText(/^Short name/) as HTMLInputElement;
    expect(slug.value).toBe("lakeside-credit-union");
    await user.type(within(account).getByLabelText(/^First name/), "Maya");
    await user.type(within(account).getByLabelText(/^Last name/), "Okafor");
    await user.type(within(account).getByLabelText(/^Email/), "maya@lakeside.example");
    await user.type(within(account).getByLabelText(/^Password/), "tundra-violin-parsnip-82");
    await user.type(
      within(account).getByLabelText(/^Repeat the password/),
      "tundra-violin-parsnip-82",
    );
    await user.click(screen.getByRole("button", { name: t("Office.setup_submit") }));

    expect(await screen.findByText(t("Office.setup_host_taken"))).toBeTruthy();
    expect(hosts.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(hosts);

    await user.clear(hosts);
    await user.type(hosts, "localhost, queue.lakeside.example");
    await user.click(screen.getByRole("button", { name: t("Office.setup_submit") }));
    expect(await screen.findByRole("button", { name: t("Office.setup_creating") })).toBeTruthy();
    const posts = calls.filter((call: StubCall) => call.method === "POST");
    expect(posts.at(-1)?.body).toEqual({
      data: {
        type: "setup",
        attributes: {
          token: "the-token",
          vendor: {
            name: "Lakeside Crédit Union",
            slug: "lakeside-credit-union",
            hosts: ["localhost", "queue.lakeside.example"],
          },
          admin: {
            first_name: "Maya",
            last_name: "Okafor",
            email: "maya@lakeside.example",
            password: "tundra-violin-parsnip-82",
          },
        },
      },
    });
  });

  it("checks the form before sending: required fields and the repeated password", async () => {
    const user = userEvent.setup();
    const calls = stubServer({ [STATE]: state("ready") });
    open();
    await user.click(await screen.findByRole("button", { name: t("Office.setup_submit") }));
    expect(screen.getAllByText(t("Errors.required")).length).toBeGreaterThan(3);
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });

  it("says when the link is dead, when it is missing, and when setup is already done", async () => {
    stubServer({ [STATE]: state("invalid") });
    open();
    expect((await screen.findByRole("alert")).textContent).toBe(t("Office.setup_link_invalid"));
    cleanup();

    open("/setup");
    expect((await screen.findByRole("alert")).textContent).toBe(t("Office.setup_link_invalid"));
    cleanup();

    stubServer({ [STATE]: state("done") });
    open();
    expect(await screen.findByText(t("Office.setup_done"))).toBeTruthy();
    expect(screen.getByRole("link", { name: t("Office.setup_go_to_sign_in") })).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});

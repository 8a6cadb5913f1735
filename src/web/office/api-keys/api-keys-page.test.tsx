// @vitest-environment jsdom
// The API keys page: the list shows each key's prefix, scopes, use and state; a creation offers
// only the Admin's own permissions, checks the form before sending, sends the chosen scopes and
// expiry, and shows the token once (gone when the dialog closes); a revocation asks first.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiKeyResource } from "../../api/office/api-keys.ts";
import { json, renderOffice, staffMe, stubServer, t } from "../office-test-harness.tsx";
import { ApiKeysPage } from "./api-keys-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function key(id: string, attributes: Partial<ApiKeyResource["attributes"]> = {}): ApiKeyResource {
  return {
    type: "api-keys",
    id,
    attributes: {
      name: `Key ${id}`,
      prefix: `nlk_prefix${id.padStart(6, "0")}`,
      scopes: ["queue.view", "locations.manage"],
      state: "active",
      created_at: "2026-11-01T10:00:00.000Z",
      created_by: "Katarzyna Nowak",
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
      ...attributes,
    },
  };
}

const TOKEN = `nlk_newkey000001${"s".repeat(43)}`;

describe("API keys page", () => {
  it("lists keys with their prefix, scopes, last use and state; revoked ones cannot be revoked again", async () => {
    stubServer({
      "GET /api/internal/v1/api-keys": () =>
        json(200, {
          data: [
            key("2", { last_used_at: "2026-11-20T09:30:00.000Z" }),
            key("1", { state: "revoked", revoked_at: "2026-11-02T10:00:00.000Z" }),
          ],
        }),
    });
    renderOffice(<ApiKeysPage />, { at: "/settings/api", me: staffMe("admin") });
    const table = await screen.findByRole("table", { name: t("Office.api_keys.list_heading") });
    const [, active, revoked] = within(table).getAllByRole("row");
    expect(within(active!).getByRole("rowheader", { name: "Key 2" })).toBeTruthy();
    expect(within(active!).getByText("nlk_prefix000002…")).toBeTruthy();
    expect(within(active!).getByText("2 permissions")).toBeTruthy();
    expect(within(active!).getByText("See the lines, Manage locations")).toBeTruthy();
    expect(within(active!).queryByText(t("Office.api_keys.never_used"))).toBeNull();
    expect(within(active!).getByRole("button", { name: "Revoke Key 2" })).toBeTruthy();
    expect(within(revoked!).getByText(t("Office.api_keys.state_revoked"))).toBeTruthy();
    expect(within(revoked!).getByText(t("Office.api_keys.never_used"))).toBeTruthy();
    expect(within(revoked!).queryByRole("button")).toBeNull();
  });

  it("creates a key with the Admin's own scopes and shows its token once", async () => {
    let listed: ApiKeyResource[] = [];
    const calls = stubServer({
      "GET /api/internal/v1/api-keys": () => json(200, { data: listed }),
      "POST /api/internal/v1/api-keys": () => {
        const created = key("7", { name: "Front desk", scopes: ["queue.view"] });
        listed = [created];
        return json(201, { data: created, meta: { token: TOKEN } });
      },
    });
    renderOffice(<ApiKeysPage />, { at: "/settings/api", me: staffMe("admin") });
    await screen.findByText(t("Office.api_keys.none"));
    await userEvent.click(screen.getByRole("button", { name: t("Office.api_keys.create") }));
    const dialog = await screen.findByRole("dialog", { name: t("Office.api_keys.create") });
    // Session-only rights are never offered.
    expect(within(dialog).queryByText("security.manage")).toBeNull();
    expect(
      within(dialog).getByRole("group", { name: t("Office.api_keys.group.queue") }),
    ).toBeTruthy();
    // Nothing chosen: the form says so and sends nothing.
    await userEvent.click(
      within(dialog).getByRole("button", { name: t("Office.api_keys.submit") }),
    );
    expect(within(dialog).getByText(t("Errors.required"))).toBeTruthy();
    expect(within(dialog).getByText(t("ApiKeys.scopes_required"))).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/^Name/), "Front desk");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /^See the lines/ }));
    await userEvent.click(
      within(dialog).getByRole("radio", { name: t("Office.api_keys.expiry_on_date") }),
    );
    await userEvent.type(within(dialog).getByLabelText(/^Last day it works/), "2031-05-31");
    await userEvent.click(
      within(dialog).getByRole("button", { name: t("Office.api_keys.submit") }),
    );

    const shown = await screen.findByRole("alertdialog", {
      name: t("Office.api_keys.token_title"),
    });
    expect(
      (within(shown).getByLabelText(t("Office.api_keys.token_label")) as HTMLInputElement).value,
    ).toBe(TOKEN);
    expect(within(shown).getByText(t("Office.api_keys.token_warning"))).toBeTruthy();
    const post = calls.find((c) => c.method === "POST") as { body: unknown };
    const attributes = (post.body as { data: { attributes: Record<string, unknown> } }).data
      .attributes;
    expect(attributes.name).toBe("Front desk");
    expect(attributes.scopes).toEqual(["queue.view"]);
    expect(new Date(String(attributes.expires_at)).getTime()).toBe(
      new Date("2031-05-31T23:59:59.999").getTime(),
    );

    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await userEvent.click(within(shown).getByRole("button", { name: t("Office.api_keys.copy") }));
    expect(writeText).toHaveBeenCalledWith(TOKEN);
    expect(await within(shown).findByText(t("Office.api_keys.copied"))).toBeTruthy();
    await userEvent.click(within(shown).getByRole("button", { name: t("Office.api_keys.done") }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    // The token is nowhere on the page any more; the list shows the key by its prefix.
    await screen.findByRole("rowheader", { name: "Front desk" });
    expect(document.body.innerHTML).not.toContain(TOKEN);
  });

  it("revokes a key only after a confirmation", async () => {
    // jsdom has no modal <dialog>: opening one only sets its open attribute here.
    Object.assign(HTMLDialogElement.prototype, {
      showModal(this: HTMLDialogElement) {
        this.setAttribute("open", "");
      },
      close(this: HTMLDialogElement) {
        this.removeAttribute("open");
      },
    });
    const calls = stubServer({
      "GET /api/internal/v1/api-keys": () => json(200, { data: [key("3")] }),
      "POST /api/internal/v1/api-keys/3/revoke": () => json(204, null),
    });
    renderOffice(<ApiKeysPage />, { at: "/settings/api", me: staffMe("admin") });
    await userEvent.click(await screen.findByRole("button", { name: "Revoke Key 3" }));
    expect(calls.some((c) => c.path.endsWith("/revoke"))).toBe(false);
    await userEvent.click(
      await screen.findByRole("button", { name: t("Office.api_keys.revoke_confirm") }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/api/internal/v1/api-keys/3/revoke")).toBe(true),
    );
    expect(await screen.findByText("“Key 3” was revoked.")).toBeTruthy();
  });
});

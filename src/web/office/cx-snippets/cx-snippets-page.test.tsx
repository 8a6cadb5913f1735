// @vitest-environment jsdom
// The visitor-page snippets page: the table says what each snippet is, where and when it shows and
// in which languages; a new announcement is written in two languages with a live preview that
// drops what visitors would never see, and a refused language shows its reason on its tab's field;
// an edit sends the version it edited; a deletion asks first.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installModalDialog } from "../../../../test/fakes/modal-dialog.ts";
import type { CxSnippetResource } from "../../api/office/cx-snippets.ts";
import { json, renderOffice, staffMe, stubServer, t } from "../office-test-harness.tsx";
import { CxSnippetsPage } from "./cx-snippets-page.tsx";

beforeAll(installModalDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function snippet(
  id: string,
  attributes: Partial<CxSnippetResource["attributes"]> = {},
): CxSnippetResource {
  return {
    type: "cx-snippets",
    id,
    attributes: {
      name: `Snippet ${id}`,
      kind: "announcement",
      tone: "info",
      content: { en: "<p>Hello</p>" },
      location_id: null,
      starts_at: null,
      ends_at: null,
      active: true,
      sort_order: 0,
      version: 3,
      created_at: "2026-11-01T10:00:00.000Z",
      updated_at: "2026-11-01T10:00:00.000Z",
      ...attributes,
    },
  };
}

const admin = () =>
  staffMe("admin", {
    locations: [
      { id: 5, name: "Lyon Part-Dieu", timezone: "Europe/Paris" },
      { id: 6, name: "Paris Bastille", timezone: "Europe/Paris" },
    ],
  });

describe("visitor-page snippets", () => {
  it("lists each snippet's kind, place, languages and whether it is shown", async () => {
    stubServer({
      "GET /api/internal/v1/cx-snippets": () =>
        json(200, {
          data: [
            snippet("1", { name: "Holidays", content: { en: "<p>x</p>", fr: "<p>y</p>" } }),
            snippet("2", { kind: "notice", location_id: "6", active: false }),
          ],
        }),
    });
    renderOffice(<CxSnippetsPage />, { at: "/cx-snippets-management", me: admin() });
    const table = await screen.findByRole(
      "table",
      { name: t("Office.cxSnippets.list_heading") },
      { timeout: 5000 },
    );
    const [, first, second] = within(table).getAllByRole("row");
    expect(within(first!).getByRole("rowheader", { name: "Holidays" })).toBeTruthy();
    expect(within(first!).getByText("English, Français")).toBeTruthy();
    expect(within(first!).getByText(t("Office.cxSnippets.every_location"))).toBeTruthy();
    expect(within(first!).getByText(t("Office.cxSnippets.always"))).toBeTruthy();
    expect(within(second!).getByText("Paris Bastille")).toBeTruthy();
    expect(within(second!).getByText(t("Office.cxSnippets.kind_notice"))).toBeTruthy();
    expect(within(second!).getByText(t("Office.cxSnippets.active_no"))).toBeTruthy();
  });

  it("adds an announcement in two languages, previewing only what visitors may see", async () => {
    let answer = json(422, {
      errors: [
        {
          status: "422",
          code: "content_required",
          detail: "Write the content in English or in your default language.",
          source: { pointer: "/data/attributes/content/en" },
        },
      ],
    });
    const calls = stubServer({
      "GET /api/internal/v1/cx-snippets": () => json(200, { data: [] }),
      "POST /api/internal/v1/cx-snippets": () => answer,
    });
    renderOffice(<CxSnippetsPage />, { at: "/cx-snippets-management", me: admin() });
    await userEvent.click(await screen.findByRole("button", { name: t("Office.cxSnippets.add") }));
    const dialog = await screen.findByRole("dialog", { name: t("Office.cxSnippets.new_title") });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), "Closure");
    await userEvent.click(within(dialog).getByRole("tab", { name: /Français/ }));
    const french = within(dialog).getByLabelText("Content in Français");
    await userEvent.click(french);
    await userEvent.paste('<p>Fermé<img src=x onerror="alert(1)"></p>');
    const preview = within(dialog).getAllByRole("region", { name: t("Office.cxSnippets.preview") });
    const shown = preview.find((region) => region.textContent?.includes("Fermé"));
    expect(shown?.querySelector("img")).toBeNull();
    await userEvent.click(
      within(dialog).getByRole("button", { name: t("Office.cxSnippets.save") }),
    );
    await userEvent.click(within(dialog).getByRole("tab", { name: /English/ }));
    const english = within(dialog).getByLabelText("Content in English");
    await waitFor(() => expect(english.getAttribute("aria-invalid")).toBe("true"));
    expect(within(dialog).getByText(/Write the content in English/)).toBeTruthy();
    answer = json(201, { data: snippet("9", { name: "Closure" }) });
    await userEvent.click(english);
    await userEvent.paste("<p>Closed</p>");
    await userEvent.click(
      within(dialog).getByRole("button", { name: t("Office.cxSnippets.save") }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts.at(-1)?.body).toEqual({
      data: {
        type: "cx-snippets",
        attributes: {
          name: "Closure",
          kind: "announcement",
          tone: "info",
          content: { fr: '<p>Fermé<img src=x onerror="alert(1)"></p>', en: "<p>Closed</p>" },
          location_id: null,
          starts_at: null,
          ends_at: null,
          active: true,
        },
      },
    });
  });

  it("saves an edit with the version it edited, and deletes only once confirmed", async () => {
    const calls = stubServer({
      "GET /api/internal/v1/cx-snippets": () => json(200, { data: [snippet("4")] }),
      "PATCH /api/internal/v1/cx-snippets/4": () => json(200, { data: snippet("4") }),
      "DELETE /api/internal/v1/cx-snippets/4": () => new Response(null, { status: 204 }),
    });
    renderOffice(<CxSnippetsPage />, { at: "/cx-snippets-management", me: admin() });
    await screen.findByRole("table", {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole("button", { name: "Edit Snippet 4" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Where/), "5");
    await userEvent.click(
      within(dialog).getByRole("button", { name: t("Office.cxSnippets.save") }),
    );
    await waitFor(() => expect(calls.some((call) => call.method === "PATCH")).toBe(true));
    const patch = calls.find((call) => call.method === "PATCH")!;
    expect(patch.headers.get("if-match")).toBe('"3"');
    expect(patch.body).toMatchObject({ data: { attributes: { location_id: "5" } } });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await userEvent.click(screen.getByRole("button", { name: "Delete Snippet 4" }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    await userEvent.click(
      await screen.findByRole("button", { name: t("Office.cxSnippets.delete_confirm") }),
    );
    await waitFor(() => expect(calls.some((call) => call.method === "DELETE")).toBe(true));
    expect(calls.find((call) => call.method === "DELETE")!.headers.get("if-match")).toBe('"3"');
  });
});

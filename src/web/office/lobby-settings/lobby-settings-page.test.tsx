// @vitest-environment jsdom
// The lobby and TV settings page: the stored settings in the form, a preview of a TV row that
// follows the chosen display, a save sent whole with the version it edited (If-Match) and
// announced, the server's 422 at its field with the focus there, and a 409 that loads the settings
// as they are now and says so.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setStaffCsrfToken } from "../../api/office/office-client.ts";
import { json, renderOffice, staffMe, stubServer, t } from "../office-test-harness.tsx";
import { LobbySettingsPage } from "./lobby-settings-page.tsx";

vi.mock("../../i18n/load-catalog.ts", async () => ({
  loadOfficeCatalog: async (locale: string) =>
    (await import(`../../../shared/i18n/${locale}.json`)).default,
}));

const GET = "GET /api/internal/v1/settings/lobby";
const PUT = "PUT /api/internal/v1/settings/lobby";

beforeEach(() => setStaffCsrfToken("staff-csrf"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setStaffCsrfToken(null);
});

const BOARD = {
  visitor_display: "ticket_and_name",
  rows: 6,
  chime: true,
  call_order: "arrival",
  private_boards_public: false,
};

const documentOf = (version: number, board = BOARD, autoNoShow: number | null = null) => ({
  data: {
    type: "vendor-settings",
    id: "lobby",
    attributes: { board, auto_no_show_minutes: autoNoShow },
    meta: { version },
  },
});

function openPage(answers: Parameters<typeof stubServer>[0]) {
  const calls = stubServer({ [GET]: () => json(200, documentOf(3)), ...answers });
  renderOffice(<LobbySettingsPage />, { at: "/settings/lobby", me: staffMe("admin") });
  return calls;
}

const preview = () => screen.getByTestId("tv-row-preview").textContent;

describe("LobbySettingsPage", () => {
  it("shows the stored settings and previews a TV row as the chosen display shows it", async () => {
    const user = userEvent.setup();
    openPage({});
    const rows = await screen.findByRole("spinbutton", { name: t("Settings.lobby_rows_label") });
    expect((rows as HTMLInputElement).value).toBe("6");
    expect(
      screen.getByRole("radio", { name: t("Settings.lobby_display_ticket_and_name") }),
    ).toHaveProperty("checked", true);
    expect(screen.getByRole("checkbox", { name: t("Settings.lobby_chime_label") })).toHaveProperty(
      "checked",
      true,
    );
    expect(preview()).toContain("A-042");
    expect(preview()).toContain("Ada L.");
    await user.click(screen.getByRole("radio", { name: t("Settings.lobby_display_ticket") }));
    expect(preview()).toContain("A-042");
    expect(preview()).not.toContain("Ada");
    await user.click(screen.getByRole("radio", { name: t("Settings.lobby_display_name") }));
    expect(preview()).not.toContain("A-042");
    expect(preview()).toContain("Ada L.");
  });

  it("saves every setting with the version it edited and announces it", async () => {
    const user = userEvent.setup();
    const calls = openPage({
      [PUT]: (call) =>
        json(200, {
          data: {
            ...documentOf(4).data,
            attributes: (call.body as { data: { attributes: unknown } }).data.attributes,
          },
        }),
    });
    const rows = await screen.findByRole("spinbutton", { name: t("Settings.lobby_rows_label") });
    await user.clear(rows);
    await user.type(rows, "3");
    await user.click(screen.getByRole("radio", { name: t("Settings.lobby_display_ticket") }));
    await user.click(screen.getByRole("checkbox", { name: t("Settings.lobby_chime_label") }));
    await user.click(screen.getByRole("checkbox", { name: t("Settings.lobby_private_label") }));
    await user.click(screen.getByRole("radio", { name: t("Settings.lobby_order_service") }));
    await user.type(
      screen.getByRole("spinbutton", { name: t("Settings.lobby_no_show_label") }),
      "15",
    );
    await user.click(screen.getByRole("button", { name: t("Settings.lobby_save") }));
    await screen.findByText(t("Settings.lobby_saved"));
    const put = calls.find((call) => call.method === "PUT");
    expect(put?.headers.get("if-match")).toBe('"3"');
    expect(put?.body).toEqual({
      data: {
        type: "vendor-settings",
        id: "lobby",
        attributes: {
          board: {
            rows: 3,
            visitor_display: "ticket",
            chime: false,
            private_boards_public: true,
            call_order: "service",
          },
          auto_no_show_minutes: 15,
        },
      },
    });
  });

  it("shows the server's reason at its field and moves the focus there", async () => {
    const user = userEvent.setup();
    openPage({
      [PUT]: () =>
        json(422, {
          errors: [
            {
              status: "422",
              detail: t("Settings.error_board_rows_range"),
              source: { pointer: "/data/attributes/board/rows" },
            },
          ],
        }),
    });
    const rows = await screen.findByRole("spinbutton", { name: t("Settings.lobby_rows_label") });
    await user.clear(rows);
    await user.type(rows, "40");
    await user.click(screen.getByRole("button", { name: t("Settings.lobby_save") }));
    await waitFor(() => expect(document.activeElement).toBe(rows));
    expect(rows.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(t("Settings.error_board_rows_range"))).toBeTruthy();
  });

  it("loads the settings as they are now when another save came first, and says so", async () => {
    const user = userEvent.setup();
    let version = 3;
    openPage({
      [GET]: () =>
        json(
          200,
          version === 3 ? documentOf(3) : documentOf(5, { ...BOARD, visitor_display: "name" }),
        ),
      [PUT]: () => {
        version = 5;
        return json(409, {
          errors: [{ status: "409", code: "version_conflict", detail: "Changed meanwhile." }],
        });
      },
    });
    await screen.findByRole("spinbutton", { name: t("Settings.lobby_rows_label") });
    await user.click(screen.getByRole("radio", { name: t("Settings.lobby_display_ticket") }));
    await user.click(screen.getByRole("button", { name: t("Settings.lobby_save") }));
    const alert = await screen.findByText(t("Settings.lobby_conflict"));
    expect(alert).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("radio", { name: t("Settings.lobby_display_name") })).toHaveProperty(
        "checked",
        true,
      ),
    );
    expect(within(screen.getByTestId("tv-row-preview")).queryByText("A-042")).toBeNull();
  });
});

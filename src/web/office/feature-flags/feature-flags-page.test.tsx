// @vitest-environment jsdom
// The features page: every flag with what it changes, the platform's flags closed to an Admin
// while off (open to a platform admin), flags no page reads marked so, a save with the version it
// read as If-Match, the server's 422 under its flag, and a 409 that reloads and says why.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { featureFlagsSchema } from "../../../shared/vendor-settings.ts";
import { setStaffCsrfToken } from "../../api/office/office-client.ts";
import {
  json,
  renderOffice,
  type StubCall,
  staffMe,
  stubServer,
  t,
} from "../office-test-harness.tsx";
import { FeatureFlagsPage } from "./feature-flags-page.tsx";

const SECTION = "/api/internal/v1/settings/features";
const DEFAULTS = featureFlagsSchema.parse({});

beforeEach(() => setStaffCsrfToken("staff-csrf"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setStaffCsrfToken(null);
});

const document = (attributes: object, version: number) => ({
  data: { type: "vendor-settings", id: "features", attributes, meta: { version } },
});

function openPage(
  put: (call: StubCall) => Response,
  role: "admin" | "platform_admin" = "admin",
  reads: object[] = [DEFAULTS],
) {
  let read = 0;
  const calls = stubServer({
    [`GET ${SECTION}`]: () => {
      const index = Math.min(read, reads.length - 1);
      read += 1;
      return json(200, document(reads[index]!, 7 + index));
    },
    [`PUT ${SECTION}`]: put,
  });
  renderOffice(<FeatureFlagsPage />, { at: "/manage-features", me: staffMe(role) });
  return calls;
}

const box = (flag: string) =>
  screen.findByRole("checkbox", { name: t(`Office.features.flag.${flag}.label`) });

describe("the features page", () => {
  it("says what each flag changes and saves the changed flags with the version it read", async () => {
    const calls = openPage((call) =>
      json(200, document((call.body as { data: { attributes: object } }).data.attributes, 8)),
    );
    const curbside = await box("curbside_pickup");
    expect((curbside as HTMLInputElement).checked).toBe(true);
    const described = (element: HTMLElement) =>
      (element.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => window.document.getElementById(id)?.textContent)
        .join(" ");
    expect(described(curbside)).toBe(t("Office.features.flag.curbside_pickup.description"));
    expect(described(await box("lobby"))).toContain(t("Office.features.not_in_use"));

    // An Admin cannot turn a platform flag on: the box says why.
    const rbac = await box("role_based_access_control");
    expect((rbac as HTMLInputElement).disabled).toBe(true);
    expect(described(rbac)).toContain(t("Office.features.platform_only"));

    await userEvent.click(curbside);
    await userEvent.click(screen.getByRole("button", { name: t("Office.features.save") }));
    expect(await screen.findByText(t("Office.features.saved"))).toBeTruthy();
    const put = calls.find((call) => call.method === "PUT");
    expect(put?.headers.get("if-match")).toBe('"7"');
    expect(put?.body).toEqual({
      data: {
        type: "vendor-settings",
        id: "features",
        attributes: { ...DEFAULTS, curbside_pickup: false },
      },
    });
  });

  it("lets a platform admin turn a platform flag on, and an Admin turn one off", async () => {
    openPage(() => json(500, {}), "platform_admin");
    expect(((await box("connect_lobby")) as HTMLInputElement).disabled).toBe(false);
    cleanup();
    openPage(() => json(500, {}), "admin", [{ ...DEFAULTS, connect_lobby: true }]);
    const on = (await box("connect_lobby")) as HTMLInputElement;
    expect(on.disabled).toBe(false);
    expect(on.checked).toBe(true);
  });

  it("shows the server's refusal under its flag and moves focus there", async () => {
    openPage(() =>
      json(422, {
        errors: [
          {
            status: "422",
            code: "platform_only_flag",
            detail: "Only a platform administrator can turn this feature on.",
            source: { pointer: "/data/attributes/video_meetings" },
          },
        ],
      }),
    );
    const video = await box("video_meetings");
    await userEvent.click(video);
    await userEvent.click(screen.getByRole("button", { name: t("Office.features.save") }));
    await waitFor(() => expect(window.document.activeElement).toBe(video));
    expect(video.getAttribute("aria-invalid")).toBe("true");
    expect(
      screen.getByText("Only a platform administrator can turn this feature on."),
    ).toBeTruthy();
  });

  it("reloads after someone else's save and says so", async () => {
    openPage(() => json(409, { errors: [{ status: "409", code: "version_conflict" }] }), "admin", [
      DEFAULTS,
      { ...DEFAULTS, lobby: false },
    ]);
    await userEvent.click(await box("curbside_pickup"));
    await userEvent.click(screen.getByRole("button", { name: t("Office.features.save") }));
    const alert = await screen.findByText(t("Office.settings_changed_meanwhile"));
    expect(alert).toBeTruthy();
    // Their version, not the draft: curbside as they left it, the lobby turned off.
    expect(((await box("curbside_pickup")) as HTMLInputElement).checked).toBe(true);
    expect(((await box("lobby")) as HTMLInputElement).checked).toBe(false);
    expect(
      within(screen.getAllByRole("alert")[0]!).getByText(t("Office.settings_changed_meanwhile")),
    ).toBeTruthy();
  });
});

// @vitest-environment jsdom
// The branding page: the saved theme in the form with each colour's AA verdicts, a preview that
// follows the draft, a save with If-Match and "saved" announced, the server's 422 under its field
// with focus on it, a 409 that loads what someone else saved, and the logo sent as the file itself.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setStaffCsrfToken } from "../../api/office/office-client.ts";
import { json, renderOffice, staffMe, stubServer, t } from "../office-test-harness.tsx";
import { BrandingSettingsPage } from "./branding-settings-page.tsx";

vi.mock("../../i18n/load-catalog.ts", async () => ({
  loadOfficeCatalog: async (locale: string) =>
    (await import(`../../../shared/i18n/${locale}.json`)).default,
}));

const URL = "/api/internal/v1/settings/branding";
const THEME = {
  primary_colour: "#2979FF",
  secondary_colour: "#263238",
  font_family: "Roboto",
  font_weight_normal: 400,
  font_weight_bold: 500,
  logo_url: null as string | null,
};
const doc = (attributes: typeof THEME, version: number) => ({
  data: { type: "vendor-settings", id: "branding", attributes, meta: { version } },
});

beforeEach(() => setStaffCsrfToken("staff-csrf"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setStaffCsrfToken(null);
});

function openPage(answers: Parameters<typeof stubServer>[0] = {}) {
  const calls = stubServer({ [`GET ${URL}`]: () => json(200, doc(THEME, 7)), ...answers });
  renderOffice(<BrandingSettingsPage />, {
    at: "/settings/branding/general",
    me: staffMe("admin"),
  });
  return calls;
}

const primaryInput = () =>
  screen.findByRole("textbox", { name: t("Office.branding.primary_colour") });
const preview = () => screen.getByRole("figure", { name: t("Office.branding.preview") });

describe("the branding page", () => {
  it("shows the theme with its contrast verdicts, previews the draft and saves it with If-Match", async () => {
    const calls = openPage({
      [`PUT ${URL}`]: (call) =>
        json(
          200,
          doc({ ...THEME, ...(call.body as { data: { attributes: object } }).data.attributes }, 8),
        ),
    });
    const primary = (await primaryInput()) as HTMLInputElement;
    expect(primary.value).toBe("#2979FF");
    // #2979FF takes black text (white reaches only 3.7:1) and is too light for text on the page.
    expect(screen.getByText(/^Black text on it: 5\.\d+:1, passes AA$/)).toBeTruthy();
    expect(screen.getByText(/As text on the page: 3\.\d+:1, fails AA\. .* #246AE0/)).toBeTruthy();

    await userEvent.clear(primary);
    await userEvent.type(primary, "#0D47A1");
    expect(screen.getAllByText(/^White text on it: \d+\.\d+:1, passes AA$/).length).toBeGreaterThan(
      0,
    );
    const page = preview().querySelector("div") as HTMLElement;
    expect(preview().style.getPropertyValue("--color-primary")).toBe("#0D47A1");
    expect(preview().style.getPropertyValue("--color-on-primary")).toBe("#FFFFFF");
    expect(page.textContent).toContain(staffMe("admin").vendor.name);

    await userEvent.selectOptions(
      screen.getByRole("combobox", { name: t("Office.branding.font_family") }),
      "system-ui",
    );
    await userEvent.click(screen.getByRole("button", { name: t("Office.branding.save") }));
    expect(await screen.findByText(t("Office.branding.saved"))).toBeTruthy();
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.headers.get("if-match")).toBe('"7"');
    expect(put?.body).toEqual({
      data: {
        type: "vendor-settings",
        id: "branding",
        attributes: {
          primary_colour: "#0D47A1",
          secondary_colour: "#263238",
          font_family: "system-ui",
          font_weight_normal: 400,
          font_weight_bold: 500,
        },
      },
    });
  });

  it("shows the server's reason under its field and focuses it", async () => {
    openPage({
      [`PUT ${URL}`]: () =>
        json(422, {
          errors: [
            {
              status: "422",
              code: "bold_not_heavier",
              detail: "The bold weight must be heavier than the normal weight",
              source: { pointer: "/data/attributes/font_weight_bold" },
            },
          ],
        }),
    });
    await primaryInput();
    await userEvent.click(screen.getByRole("button", { name: t("Office.branding.save") }));
    const bold = screen.getByRole("combobox", { name: t("Office.branding.font_weight_bold") });
    await waitFor(() => expect(document.activeElement).toBe(bold));
    expect(bold.getAttribute("aria-invalid")).toBe("true");
  });

  it("on 409 loads what someone else saved", async () => {
    let version = 7;
    openPage({
      [`GET ${URL}`]: () =>
        json(200, doc(version === 7 ? THEME : { ...THEME, primary_colour: "#B71C1C" }, version)),
      [`PUT ${URL}`]: () => {
        version = 9;
        return json(409, {
          errors: [{ status: "409", code: "version_conflict", detail: "changed" }],
        });
      },
    });
    await primaryInput();
    await userEvent.click(screen.getByRole("button", { name: t("Office.branding.save") }));
    const alert = await screen.findByText(t("Errors.version_conflict"));
    await userEvent.click(
      within(alert.parentElement as HTMLElement).getByRole("button", {
        name: t("Office.branding.reload"),
      }),
    );
    await waitFor(async () =>
      expect(((await primaryInput()) as HTMLInputElement).value).toBe("#B71C1C"),
    );
  });

  it("uploads a chosen logo as the file itself and shows it", async () => {
    const logo = `/assets/logos/1/${"a".repeat(64)}.png`;
    const calls = openPage({
      [`POST ${URL}/logo`]: () => json(200, doc({ ...THEME, logo_url: logo }, 8)),
    });
    await primaryInput();
    const file = new File([new Uint8Array([0x89, 0x50])], "logo.png", { type: "image/png" });
    await userEvent.upload(screen.getByLabelText(t("Office.branding.logo_file")), file);
    expect(await screen.findByText(t("Office.branding.logo_saved"))).toBeTruthy();
    expect(
      screen.getByRole("img", { name: t("Office.branding.logo_current") }).getAttribute("src"),
    ).toBe(logo);
    const post = calls.find((c) => c.method === "POST");
    expect(post?.headers.get("if-match")).toBe('"7"');
    expect(screen.getByRole("button", { name: t("Office.branding.logo_remove") })).toBeTruthy();
  });

  it("refuses an SVG before sending it", async () => {
    const calls = openPage();
    await primaryInput();
    const svg = new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" });
    await userEvent.upload(screen.getByLabelText(t("Office.branding.logo_file")), svg, {
      applyAccept: false,
    });
    expect(await screen.findByText(t("Branding.error_logo_type"))).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});

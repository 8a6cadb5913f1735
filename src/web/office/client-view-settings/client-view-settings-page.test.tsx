// @vitest-environment jsdom
// The client-view settings page: the stored settings in fieldsets, a save that sends the client
// view with the version it read and the booking with the version that save answered, the server's
// 422 at its field with focus on it, a 409 that says so and reloads, and the statement's editor.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  bookingSettingsSchema,
  clientViewSettingsSchema,
} from "../../../shared/vendor-settings.ts";
import { setStaffCsrfToken } from "../../api/office/office-client.ts";
import {
  json,
  renderOffice,
  type StubCall,
  staffMe,
  stubServer,
  t,
} from "../office-test-harness.tsx";
import { ClientViewSettingsPage } from "./client-view-settings-page.tsx";
import { wrapSelection } from "./statement-editor.tsx";

// The office's own part of a catalog is cut out by the build (vite.config.ts); here, the whole file.
vi.mock("../../i18n/load-catalog.ts", async () => ({
  loadOfficeCatalog: async (locale: string) =>
    (await import(`../../../shared/i18n/${locale}.json`)).default,
}));

const CLIENT_VIEW = "/api/internal/v1/settings/client-view";
const BOOKING = "/api/internal/v1/settings/booking";
const o = (id: string) => t(`Office.client_view.${id}`);

beforeEach(() => setStaffCsrfToken("staff-csrf"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setStaffCsrfToken(null);
});

const doc = (id: string, attributes: unknown, version: number) => ({
  data: { type: "vendor-settings", id, attributes, meta: { version } },
});

function openPage(answers: Parameters<typeof stubServer>[0] = {}) {
  const state = {
    version: 7,
    clientView: clientViewSettingsSchema.parse({}),
    booking: bookingSettingsSchema.parse({}),
  };
  const calls = stubServer({
    [`GET ${CLIENT_VIEW}`]: () => json(200, doc("client-view", state.clientView, state.version)),
    [`GET ${BOOKING}`]: () => json(200, doc("booking", state.booking, state.version)),
    [`PUT ${CLIENT_VIEW}`]: (call) => {
      state.version += 1;
      state.clientView = (
        call.body as { data: { attributes: typeof state.clientView } }
      ).data.attributes;
      return json(200, doc("client-view", state.clientView, state.version));
    },
    [`PUT ${BOOKING}`]: (call) => {
      state.version += 1;
      state.booking = (call.body as { data: { attributes: typeof state.booking } }).data.attributes;
      return json(200, doc("booking", state.booking, state.version));
    },
    ...answers,
  });
  renderOffice(<ClientViewSettingsPage />, { at: "/settings/client-view", me: staffMe("admin") });
  return { calls, state };
}

const puts = (calls: StubCall[]) => calls.filter((call) => call.method === "PUT");
const save = () => userEvent.click(screen.getByRole("button", { name: o("save") }));

describe("the client-view settings page", () => {
  it("shows the settings in fieldsets and saves both sections, the second with the first's version", async () => {
    const { calls } = openPage();
    const contact = await screen.findByRole("group", { name: o("group_contact") });
    const email = within(contact).getByLabelText(o("contact_email")) as HTMLSelectElement;
    expect(email.value).toBe("optional");
    await userEvent.selectOptions(email, "hidden");
    await userEvent.selectOptions(
      within(contact).getByLabelText(o("contact_sms_notifications")),
      "required",
    );
    const locations = screen.getByRole("group", { name: o("group_locations") });
    const wait = within(locations).getByRole("checkbox", { name: o("show_wait_time") });
    expect((wait as HTMLInputElement).checked).toBe(true);
    await userEvent.click(wait);
    const staffLimit = screen.getByLabelText(o("staff_daily_limit"));
    await userEvent.type(staffLimit, "8");
    const reminders = screen.getByLabelText(o("reminder_minutes"));
    await userEvent.clear(reminders);
    await userEvent.type(reminders, "120, 30");
    await save();

    expect(await screen.findByText(o("saved"))).toBeTruthy();
    const [view, booking] = puts(calls);
    expect(view?.path).toBe(CLIENT_VIEW);
    expect(view?.headers.get("if-match")).toBe('"7"');
    expect(view?.body).toMatchObject({
      data: {
        type: "vendor-settings",
        attributes: {
          show_wait_time: false,
          callback_contact_options: { email: "hidden", sms_notifications: "required" },
          // What the page does not show is sent back as it was read.
          layout: "new",
          privacy_policy_url: null,
        },
      },
    });
    expect(booking?.path).toBe(BOOKING);
    expect(booking?.headers.get("if-match")).toBe('"8"');
    expect(booking?.body).toMatchObject({
      data: { attributes: { staff_daily_limit: 8, reminder_minutes: [120, 30], window_days: 60 } },
    });
  });

  it("shows the server's reason at its field and moves focus there", async () => {
    const { calls } = openPage({
      [`PUT ${CLIENT_VIEW}`]: () =>
        json(422, {
          errors: [
            {
              status: "422",
              code: "invalid_value",
              detail: "Enter a full web address starting with https://, or leave it empty.",
              source: { pointer: "/data/attributes/terms_of_service_url" },
            },
          ],
        }),
    });
    const terms = await screen.findByLabelText(o("terms_of_service_url"));
    await userEvent.type(terms, "terms page");
    await save();
    await waitFor(() => expect(document.activeElement).toBe(terms));
    expect(terms.getAttribute("aria-invalid")).toBe("true");
    expect(terms.getAttribute("aria-describedby")).toBeTruthy();
    const described = document.getElementById(
      (terms.getAttribute("aria-describedby") ?? "").split(" ").at(-1) ?? "",
    );
    expect(described?.textContent).toMatch(/https:\/\//);
    // The booking is not sent when the client view was refused.
    expect(puts(calls).map((call) => call.path)).toEqual([CLIENT_VIEW]);
  });

  it("says someone else changed the settings and shows theirs after a 409", async () => {
    const { state } = openPage({
      [`PUT ${CLIENT_VIEW}`]: () => {
        // Someone else saved first: the stored settings are theirs now.
        state.version = 9;
        state.clientView = { ...state.clientView, disabled_title: "Closed for the holidays" };
        return json(409, {
          errors: [{ status: "409", code: "version_conflict", detail: "Changed meanwhile" }],
          meta: { current: doc("client-view", state.clientView, 9).data },
        });
      },
    });
    const title = await screen.findByLabelText(o("disabled_title"));
    await userEvent.type(title, "Mine");
    await save();
    expect(await screen.findByText(o("conflict"))).toBeTruthy();
    expect(screen.getByText(o("conflict")).closest("[role=alert]")).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText(o("disabled_title")) as HTMLInputElement).value).toBe(
        "Closed for the holidays",
      ),
    );
  });

  it("formats the statement from the toolbar and the keyboard, and previews it sanitised", async () => {
    openPage();
    const statement = (await screen.findByLabelText(
      o("pre_booking_statement"),
    )) as HTMLTextAreaElement;
    await userEvent.type(statement, "Bring ID");
    statement.setSelectionRange(6, 8);
    await userEvent.click(screen.getByRole("button", { name: o("statement_bold") }));
    expect(statement.value).toBe("Bring <strong>ID</strong>");
    await userEvent.type(statement, '<img src="x" onerror="alert(1)">');
    const preview = screen.getByRole("region", { name: o("statement_preview") });
    expect(within(preview).getByText("ID").tagName).toBe("STRONG");
    expect(preview.innerHTML).not.toContain("onerror");

    statement.setSelectionRange(0, 5);
    await userEvent.keyboard("{Control>}i{/Control}");
    expect(statement.value.startsWith("<em>Bring</em>")).toBe(true);
  });
});

describe("wrapSelection", () => {
  it("wraps the selection in the format's tags and selects what was wrapped", () => {
    expect(wrapSelection("a b", 2, 3, "italic")).toEqual({
      text: "a <em>b</em>",
      start: 6,
      end: 7,
    });
    expect(wrapSelection("x", 0, 1, "link", 'https://e.test/"q')).toMatchObject({
      text: '<a href="https://e.test/&quot;q">x</a>',
    });
    expect(wrapSelection("one\ntwo", 0, 7, "list").text).toBe(
      "<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>",
    );
  });
});

// @vitest-environment jsdom
// The notification settings page: the audience's messages with their names, an editor per channel
// with a live preview and SMS count, problems shown while typing (nothing sent), the server's 422
// under its field, a saved text announced, a reset that asks first, and the vendor's settings.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NotificationTemplate } from "../../api/office/notification-templates.ts";
import { setStaffCsrfToken } from "../../api/office/office-client.ts";
import { json, renderOffice, staffMe, stubServer, t } from "../office-test-harness.tsx";
import { NotificationSettingsPage } from "./notification-settings-page.tsx";

// The office's own part of a catalog is cut out by the build (vite.config.ts); here, the whole file.
vi.mock("../../i18n/load-catalog.ts", async () => ({
  loadOfficeCatalog: async (locale: string) =>
    (await import(`../../../shared/i18n/${locale}.json`)).default,
}));

const LIST = "GET /api/internal/v1/notification-templates";
const SETTINGS = "GET /api/internal/v1/notification-settings";
const PUT_SMS = "PUT /api/internal/v1/notification-templates/joined/sms/en";
const DELETE_SMS = "DELETE /api/internal/v1/notification-templates/joined/sms/en";

beforeEach(() => setStaffCsrfToken("staff-csrf"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setStaffCsrfToken(null);
});

const VARIABLES = ["first_name", "location", "position", "wait", "manage_link"];

function template(
  kind: string,
  channel: "email" | "sms",
  own: { subject: string | null; body: string } | null = null,
): NotificationTemplate {
  const fallback = {
    subject: channel === "email" ? "You are in line at {location}" : null,
    body: "Hi {first_name}, you are number {position} at {location}.",
  };
  return {
    type: "notification-templates",
    id: `${kind}:${channel}:en`,
    attributes: {
      kind: kind as NotificationTemplate["attributes"]["kind"],
      channel,
      lang: "en",
      variables: VARIABLES,
      default: fallback,
      vendor: own ? { ...own, updated_at: "2026-11-20T10:00:00.000Z" } : null,
      location: null,
      effective: own ?? fallback,
      source: own ? "vendor" : "default",
    },
  };
}

const SETTINGS_DOC = {
  data: {
    type: "notification-settings",
    id: "1",
    attributes: {
      almost_turn_people: 2,
      almost_turn_minutes: 10,
      quiet_hours: null,
      long_wait_alert_minutes: null,
      sms_per_number_per_hour: 10,
    },
  },
};

function openPage(answers: Parameters<typeof stubServer>[0] = {}, own = false) {
  const calls = stubServer({
    [LIST]: () =>
      json(200, {
        data: [
          template("joined", "email"),
          template("joined", "sms", own ? { subject: null, body: "Number {position}." } : null),
          template("almost_turn", "sms"),
        ],
      }),
    [SETTINGS]: () => json(200, SETTINGS_DOC),
    ...answers,
  });
  renderOffice(<NotificationSettingsPage audience="client" />, {
    at: "/settings/notifications/client?kind=joined&lang=en",
    me: staffMe("admin"),
  });
  return calls;
}

/** The text of the elements an input's aria-describedby names: what a screen reader reads after it. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

const smsEditor = async () =>
  screen.findByRole("region", { name: t("Office.notifications.channel.sms") });

describe("the notification settings page", () => {
  it("lists the audience's messages and edits the chosen one per channel with a live preview", async () => {
    openPage();
    const kinds = await screen.findByRole("navigation", {
      name: t("Office.notifications.kinds_heading"),
    });
    const joined = within(kinds).getByRole("link", { name: /Joined the line/ });
    expect(joined.getAttribute("aria-current")).toBe("true");
    expect(within(kinds).getByRole("link", { name: /Almost your turn/ })).toBeTruthy();

    const sms = await smsEditor();
    expect(within(sms).getByText(t("Office.notifications.badge_default"))).toBeTruthy();
    expect(within(sms).queryByText(t("Office.notifications.unsaved"))).toBeNull();
    const body = within(sms).getByLabelText(t("Office.notifications.body"));
    expect((body as HTMLInputElement).value).toBe(
      "Hi {first_name}, you are number {position} at {location}.",
    );
    expect(within(sms).getByText("Hi Maria, you are number 4 at Main Street branch.")).toBeTruthy();
    expect(within(sms).getByTestId("sms-meter").textContent).toBe(
      "1 SMS · GSM-7 · 111 characters left",
    );

    await userEvent.clear(body);
    await userEvent.type(body, "Привет {{first_name}");
    expect(within(sms).getByTestId("sms-meter").textContent).toMatch(/^1 SMS · UCS-2 · /);
    expect(within(sms).getByText(t("Office.notifications.unsaved"))).toBeTruthy();

    const email = screen.getByRole("region", { name: t("Office.notifications.channel.email") });
    expect(
      (within(email).getByLabelText(t("Office.notifications.subject")) as HTMLInputElement).value,
    ).toBe("You are in line at {location}");
    expect(within(email).getByText("You are in line at Main Street branch")).toBeTruthy();
    // Paragraphs and link buttons as the email's HTML part shows them.
    const emailBody = within(email).getByLabelText(t("Office.notifications.body"));
    await userEvent.clear(emailBody);
    await userEvent.type(emailBody, "Hello{Enter}{Enter}[[See your place]({{manage_link})");
    const button = within(email).getByText("See your place");
    expect(button.tagName).toBe("SPAN");
    expect(button.getAttribute("title")).toBe("https://northwind.example/m/4821-7Q2K");
    expect(within(email).getByText("Hello").tagName).toBe("P");
  });

  it("previews with sample values in the language of the message, not of the page", async () => {
    stubServer({
      [LIST]: () => json(200, { data: [template("joined", "sms")] }),
      [SETTINGS]: () => json(200, SETTINGS_DOC),
    });
    renderOffice(<NotificationSettingsPage audience="client" />, {
      at: "/settings/notifications/client?kind=joined&lang=fr",
      me: staffMe("admin"),
    });
    const sms = await smsEditor();
    expect(
      await within(sms).findByText("Hi Camille, you are number 4 at Agence Grand-Rue."),
    ).toBeTruthy();
  });

  it("shows a problem while typing, tied to the field, and sends nothing until it is fixed", async () => {
    const calls = openPage();
    const sms = await smsEditor();
    const body = within(sms).getByLabelText(t("Office.notifications.body"));
    await userEvent.clear(body);
    await userEvent.type(body, "Hello {{frist_name}");
    const error = "The text uses {frist_name}, which this message cannot fill in.";
    expect(body.getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(body)).toBe(error);

    await userEvent.click(
      within(sms).getByRole("button", { name: t("Office.notifications.save") }),
    );
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
    expect(document.activeElement).toBe(body);
  });

  it("inserts a variable where the cursor is", async () => {
    openPage();
    const sms = await smsEditor();
    const body = within(sms).getByLabelText(t("Office.notifications.body")) as HTMLTextAreaElement;
    await userEvent.clear(body);
    await userEvent.type(body, "Hi , see you");
    body.setSelectionRange(3, 3);
    await userEvent.click(within(sms).getByRole("button", { name: "{first_name}" }));
    expect(body.value).toBe("Hi {first_name}, see you");
  });

  it("saves with the session's token and announces it; a server refusal shows under its field", async () => {
    let refuse = false;
    const calls = openPage({
      [PUT_SMS]: () =>
        refuse
          ? json(422, {
              errors: [
                {
                  status: "422",
                  code: "unknown_variable",
                  detail: "Server: not a variable.",
                  source: { pointer: "/data/attributes/body" },
                },
              ],
            })
          : json(204, null),
    });
    const sms = await smsEditor();
    const body = within(sms).getByLabelText(t("Office.notifications.body"));
    await userEvent.clear(body);
    await userEvent.type(body, "Number {{position}.");
    const save = within(sms).getByRole("button", { name: t("Office.notifications.save") });
    await userEvent.click(save);
    expect(await within(sms).findByText(t("Office.notifications.saved"))).toBeTruthy();
    const put = calls.find((call) => call.method === "PUT");
    expect(put?.headers.get("x-csrf-token")).toBe("staff-csrf");
    expect(put?.body).toEqual({
      data: {
        type: "notification-templates",
        attributes: { subject: null, body: "Number {position}." },
      },
    });
    expect(document.activeElement).toBe(save);

    refuse = true;
    await userEvent.click(save);
    await waitFor(() => expect(descriptionOf(body)).toBe("Server: not a variable."));
    expect(document.activeElement).toBe(body);
  });

  it("asks before resetting a custom text, keeps it on 'keep', and resets on confirm", async () => {
    const calls = openPage({ [DELETE_SMS]: () => json(204, null) }, true);
    const sms = await smsEditor();
    expect(within(sms).getByText(t("Office.notifications.badge_custom"))).toBeTruthy();
    await userEvent.click(
      within(sms).getByRole("button", { name: t("Office.notifications.reset") }),
    );
    const keep = within(sms).getByRole("button", { name: t("Office.notifications.reset_keep") });
    expect(document.activeElement).toBe(keep);
    await userEvent.click(keep);
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);

    await userEvent.click(
      within(sms).getByRole("button", { name: t("Office.notifications.reset") }),
    );
    await userEvent.click(
      within(sms).getByRole("button", { name: t("Office.notifications.reset_yes") }),
    );
    expect(await within(sms).findByText(t("Office.notifications.reset_done"))).toBeTruthy();
    expect(calls.some((call) => call.method === "DELETE")).toBe(true);
    expect(
      (within(sms).getByLabelText(t("Office.notifications.body")) as HTMLInputElement).value,
    ).toBe("Hi {first_name}, you are number {position} at {location}.");
    expect(document.activeElement).toBe(
      within(sms).getByRole("heading", { name: t("Office.notifications.channel.sms") }),
    );
  });

  it("saves the vendor's settings and shows a refused quiet hour under its input", async () => {
    const calls = openPage({
      "PUT /api/internal/v1/notification-settings": (call) => {
        const attributes = (call.body as { data: { attributes: Record<string, unknown> } }).data
          .attributes;
        const quiet = attributes.quiet_hours as { start: string; end: string } | null;
        if (quiet && quiet.start === quiet.end)
          return json(422, {
            errors: [
              {
                status: "422",
                code: "quiet_hours_empty",
                detail: "Quiet hours must start and end at different times.",
                source: { pointer: "/data/attributes/quiet_hours" },
              },
            ],
          });
        return json(200, { data: { ...SETTINGS_DOC.data, attributes } });
      },
    });
    const form = await screen.findByRole("region", {
      name: t("Office.notifications.settings_heading"),
    });
    await userEvent.click(
      within(form).getByRole("checkbox", { name: t("Office.notifications.quiet_hours") }),
    );
    const start = within(form).getByLabelText(t("Office.notifications.quiet_start"));
    const end = within(form).getByLabelText(t("Office.notifications.quiet_end"));
    await userEvent.clear(end);
    await userEvent.type(end, "21:00");
    await userEvent.click(
      within(form).getByRole("button", { name: t("Office.notifications.save_settings") }),
    );
    await waitFor(() =>
      expect(descriptionOf(start)).toBe("Quiet hours must start and end at different times."),
    );
    expect(document.activeElement).toBe(start);

    await userEvent.clear(end);
    await userEvent.type(end, "07:30");
    await userEvent.click(
      within(form).getByRole("button", { name: t("Office.notifications.save_settings") }),
    );
    expect(await within(form).findByText(t("Office.notifications.settings_saved"))).toBeTruthy();
    const put = calls.filter((call) => call.method === "PUT").at(-1);
    expect(put?.body).toMatchObject({
      data: {
        attributes: { quiet_hours: { start: "21:00", end: "07:30" }, almost_turn_people: 2 },
      },
    });
  });

  it("edits a location's own texts and settings, which inherit the vendor's until set", async () => {
    const locationList = [
      {
        ...template("joined", "sms"),
        attributes: { ...template("joined", "sms").attributes, source: "default" as const },
      },
      template("long_wait_alert", "email"),
    ];
    let lists = 0;
    const calls = stubServer({
      [LIST]: () => {
        lists += 1;
        return json(200, { data: lists % 2 === 1 ? [locationList[0]] : [locationList[1]] });
      },
      "GET /api/internal/v1/locations/5/notification-settings": () =>
        json(200, {
          data: {
            type: "location-notification-settings",
            id: "5",
            attributes: { overrides: {}, effective: SETTINGS_DOC.data.attributes },
          },
        }),
      "PUT /api/internal/v1/locations/5/notification-settings": (call) =>
        json(200, {
          data: {
            type: "location-notification-settings",
            id: "5",
            attributes: {
              overrides: (call.body as { data: { attributes: object } }).data.attributes,
              effective: SETTINGS_DOC.data.attributes,
            },
          },
        }),
      [PUT_SMS]: () => json(204, null),
    });
    renderOffice(<NotificationSettingsPage audience="location" />, {
      at: "/settings/notifications/location?location=5&kind=joined&lang=en",
      me: staffMe("admin"),
    });
    expect(
      (screen.getByLabelText(t("Office.notifications.location")) as HTMLSelectElement).value,
    ).toBe("5");
    const sms = await smsEditor();
    expect(within(sms).getByText(t("Office.notifications.badge_inherits"))).toBeTruthy();
    await userEvent.click(
      within(sms).getByRole("button", { name: t("Office.notifications.save") }),
    );
    await within(sms).findByText(t("Office.notifications.saved"));
    const put = calls.find((call) => call.path.endsWith("/joined/sms/en"));
    expect(put?.body).toMatchObject({ data: { attributes: { location_id: 5 } } });

    const form = await screen.findByRole("region", {
      name: t("Office.notifications.location_settings_heading"),
    });
    expect(within(form).getByText(/This location inherits the vendor’s settings\./)).toBeTruthy();
    await userEvent.click(
      within(form).getByRole("checkbox", { name: t("Office.notifications.own_settings") }),
    );
    const people = within(form).getByLabelText(t("Office.notifications.almost_turn_people"));
    await userEvent.clear(people);
    await userEvent.type(people, "3");
    await userEvent.click(
      within(form).getByRole("button", { name: t("Office.notifications.save_settings") }),
    );
    await within(form).findByText(t("Office.notifications.settings_saved"));
    const saved = calls
      .filter((call) => call.path.endsWith("/locations/5/notification-settings"))
      .at(-1);
    expect(saved?.body).toMatchObject({ data: { attributes: { almost_turn_people: 3 } } });
  });
});

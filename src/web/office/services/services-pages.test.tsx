// @vitest-environment jsdom
// The services pages: the list reorders with keyboard-reachable up/down buttons (PUT /services/order
// with the ids in the new order) and shows archived services on request; a service's form sends
// its changes (the buffers too) with If-Match, shows field errors beside their fields, and after a
// 409 names what the other person changed and offers their version; the question editor adds,
// renames and removes options, previews the question as the visitor's form shows it, and sends no
// options for a text question.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type {
  QuestionAdminResource,
  ServiceAdminResource,
} from "../../api/office/services-admin.ts";
import { json, renderOffice, staffMe, stubServer, t } from "../office-test-harness.tsx";
import { QuestionEditorPage } from "./question-editor-page.tsx";
import { ServiceFormPage } from "./service-form-page.tsx";
import { ServicesPage } from "./services-page.tsx";

// The preview loads the visitor form's module lazily, as the page does. Loaded here first, so that
// how long a busy machine takes to compile it never decides whether the preview shows in time.
beforeAll(async () => {
  await import("../../visitor/callback-service/callback-form.tsx");
}, 60_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function service(id: string, attributes: Partial<ServiceAdminResource["attributes"]> = {}) {
  return {
    type: "services" as const,
    id,
    attributes: {
      name: `Service ${id}`,
      translations: [],
      category_id: null,
      duration_minutes: 15,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      supports_in_person: true,
      supports_phone: true,
      supports_video: true,
      supports_walkin: true,
      supports_curbside_pickup: false,
      display_in_lobby: true,
      instructions: null,
      sort_order: Number(id),
      location_ids: ["5"],
      question_ids: [],
      archived: false,
      version: 3,
      created_at: "2026-11-01T10:00:00.000Z",
      ...attributes,
    },
  };
}

function question(attributes: Partial<QuestionAdminResource["attributes"]> = {}) {
  return {
    type: "questions" as const,
    id: "7",
    attributes: {
      type: "radio" as const,
      label: "How did you hear of us?",
      help_text: null,
      required: true,
      sort_order: 0,
      translations: [],
      options: [
        { id: "70", text: "A friend", translations: [] },
        { id: "71", text: "The web", translations: [] },
      ],
      service_ids: [],
      archived: false,
      version: 2,
      created_at: "2026-11-01T10:00:00.000Z",
      ...attributes,
    },
  };
}

const common = {
  "GET /api/internal/v1/service-categories": () =>
    json(200, {
      data: [
        {
          type: "service-categories",
          id: "9",
          attributes: {
            name: "Accounts",
            translations: [],
            sort_order: 0,
            archived: false,
            version: 1,
          },
        },
      ],
    }),
  "GET /api/internal/v1/audit-log": () => json(200, { data: [], meta: { next_cursor: null } }),
  "GET /api/internal/v1/questions": () => json(200, { data: [question()] }),
};

/** An admin whose vendor has a public and a private location (GET /me lists both). */
const admin = () =>
  staffMe("admin", {
    locations: [
      { id: 5, name: "Warszawa — Złota", timezone: "Europe/Warsaw" },
      { id: 6, name: "Kraków — Rynek", timezone: "Europe/Warsaw" },
    ],
  });

describe("services list", () => {
  it("moves a service down with its keyboard-reachable button and saves the new order", async () => {
    const list = [service("1", { name: "Open an account", category_id: "9" }), service("2")];
    const calls = stubServer({
      ...common,
      "GET /api/internal/v1/services": () => json(200, { data: list }),
      "PUT /api/internal/v1/services/order": () => json(200, { data: list }),
    });
    renderOffice(<ServicesPage />, { at: "/services", me: admin() });
    const row = (await screen.findByText("Open an account")).closest("li") as HTMLElement;
    expect(within(row).getByText(/Accounts · 15 minutes · 1 location/)).toBeTruthy();
    const down = within(row).getByRole("button", { name: "Move Open an account down" });
    expect(within(row).getByRole("button", { name: "Move Open an account up" })).toHaveProperty(
      "disabled",
      true,
    );
    down.focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
        data: [
          { type: "services", id: "2" },
          { type: "services", id: "1" },
        ],
      }),
    );
    // Said in the toast region, a landmark assistive technology announces and can jump to.
    const toasts = await screen.findByRole("region", { name: t("Office.ui.toast.region") });
    expect(await within(toasts).findByText("Open an account is now number 2.")).toBeTruthy();
  });

  it("lists archived services on request", async () => {
    stubServer({
      ...common,
      "GET /api/internal/v1/services": () =>
        json(200, {
          data: String(fetchUrl()).includes("archived=true")
            ? [service("4", { name: "Old service", archived: true })]
            : [],
        }),
    });
    renderOffice(<ServicesPage />, { at: "/services", me: admin() });
    expect(await screen.findByText(t("Office.services.none"))).toBeTruthy();
    await userEvent.click(screen.getByLabelText(t("Office.services.show_archived")));
    expect(await screen.findByText("Old service")).toBeTruthy();
  });
});

/** The attributes of a request's JSON:API document. */
const attributesOf = (body: unknown) =>
  (body as { data: { attributes: Record<string, unknown> } }).data.attributes;

/** The address of the last fetch call. */
function fetchUrl() {
  const calls = vi.mocked(fetch).mock.calls;
  return calls[calls.length - 1]?.[0];
}

describe("a service's form", () => {
  it("saves with If-Match and shows a refused field beside it", async () => {
    const calls = stubServer({
      ...common,
      "GET /api/internal/v1/services/1": () => json(200, { data: service("1") }),
      "PATCH /api/internal/v1/services/1": () =>
        json(422, {
          errors: [
            {
              status: "422",
              code: "meeting_method_required",
              detail: "Offer the service in person, by phone or by video.",
              source: { pointer: "/data/attributes/supports_in_person" },
            },
          ],
        }),
    });
    renderOffice(<ServiceFormPage />, {
      at: "/services/1",
      path: "/services/:id",
      me: admin(),
    });
    await screen.findByDisplayValue("Service 1");
    await userEvent.click(screen.getByLabelText(t("Office.services.method_in_person")));
    await userEvent.click(screen.getByLabelText(t("Office.services.method_phone")));
    await userEvent.click(screen.getByLabelText(t("Office.services.method_video")));
    await userEvent.click(screen.getByLabelText("Kraków — Rynek"));
    const after = screen.getByLabelText(new RegExp(t("Office.services.field_buffer_after")));
    await userEvent.clear(after);
    await userEvent.type(after, "10");
    await userEvent.click(screen.getByRole("button", { name: t("Office.services.save") }));
    const patch = await waitFor(() => {
      const found = calls.find((c) => c.method === "PATCH");
      expect(found).toBeDefined();
      return found!;
    });
    expect(patch.headers.get("if-match")).toBe('"3"');
    expect(patch.body).toMatchObject({
      data: {
        type: "services",
        attributes: {
          supports_in_person: false,
          supports_phone: false,
          supports_video: false,
          location_ids: ["5", "6"],
          buffer_before_minutes: 0,
          buffer_after_minutes: 10,
        },
      },
    });
    expect(await screen.findByText(t("Office.services.fix_fields"))).toBeTruthy();
    const legend = screen.getByText(t("Office.services.methods_legend"));
    const group = legend.closest("fieldset") as HTMLElement;
    expect(
      within(group).getByText("Offer the service in person, by phone or by video."),
    ).toBeTruthy();
    expect(group.getAttribute("aria-describedby")).toBeTruthy();
  });

  it("after a 409 names what the other person changed and loads their version on request", async () => {
    stubServer({
      ...common,
      "GET /api/internal/v1/services/1": () => json(200, { data: service("1") }),
      "PATCH /api/internal/v1/services/1": () =>
        json(409, {
          errors: [{ status: "409", code: "version_conflict", detail: "Changed meanwhile." }],
          meta: { current: service("1", { duration_minutes: 40, version: 4 }) },
        }),
    });
    renderOffice(<ServiceFormPage />, {
      at: "/services/1",
      path: "/services/:id",
      me: admin(),
    });
    const name = await screen.findByDisplayValue("Service 1");
    await userEvent.clear(name);
    await userEvent.type(name, "Renamed");
    await userEvent.click(screen.getByRole("button", { name: t("Office.services.save") }));
    const alert = await screen.findByText(t("Office.services.conflict"));
    const box = alert.closest("div") as HTMLElement;
    expect(within(box).getByText(t("Office.services.field_duration"))).toBeTruthy();
    expect(within(box).getByText(t("Office.services.field_name"))).toBeTruthy();
    await userEvent.click(within(box).getByRole("button", { name: t("Office.ui.load_theirs") }));
    expect(screen.getByLabelText(/Duration in minutes/)).toHaveProperty("value", "40");
    expect(screen.getByDisplayValue("Service 1")).toBeTruthy();
  });
});

describe("the question editor", () => {
  it("renames, adds and removes options, previews them as the visitor form does, and saves them in order", async () => {
    const calls = stubServer({
      ...common,
      "GET /api/internal/v1/services": () => json(200, { data: [service("1")] }),
      "GET /api/internal/v1/questions/7": () => json(200, { data: question() }),
      "PATCH /api/internal/v1/questions/7": (call) =>
        json(200, { data: question({ version: 3, ...attributesOf(call.body) }) }),
    });
    renderOffice(<QuestionEditorPage />, {
      at: "/services/questions/7",
      path: "/services/questions/:id",
      me: admin(),
    });
    await screen.findByDisplayValue("A friend");
    const preview = screen.getByRole("region", { name: t("Office.questions.preview") });
    // The visitor's field loads with the visitor form's code.
    expect(await within(preview).findByRole("radio", { name: "A friend" })).toBeTruthy();

    await userEvent.clear(screen.getByDisplayValue("A friend"));
    await userEvent.type(
      screen.getAllByRole("textbox", { name: /^Option 1/ })[0] as HTMLElement,
      "A colleague",
    );
    await userEvent.click(screen.getByRole("button", { name: "Remove The web" }));
    await userEvent.click(screen.getByRole("button", { name: t("Office.questions.add_option") }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getAllByRole("textbox", { name: /^Option 2/ })[0]),
    );
    await userEvent.keyboard("A newspaper");
    expect(within(preview).getByRole("radio", { name: "A colleague" })).toBeTruthy();
    expect(within(preview).getByRole("radio", { name: "A newspaper" })).toBeTruthy();
    expect(within(preview).queryByRole("radio", { name: "The web" })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: t("Office.services.save") }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.headers.get("if-match")).toBe('"2"');
    expect(attributesOf(patch.body).options).toEqual([
      { id: "70", text: "A colleague", translations: [] },
      { text: "A newspaper", translations: [] },
    ]);
  });

  it("sends no options for a text question and previews a text field", async () => {
    const calls = stubServer({
      ...common,
      "GET /api/internal/v1/services": () => json(200, { data: [] }),
      "POST /api/internal/v1/questions": (call) =>
        json(201, { data: question({ ...attributesOf(call.body), options: [] }) }),
    });
    renderOffice(<QuestionEditorPage />, {
      at: "/services/questions/new",
      path: "/services/questions/:id",
      me: admin(),
    });
    await userEvent.selectOptions(
      await screen.findByLabelText(t("Office.questions.field_type")),
      "text",
    );
    await userEvent.type(
      screen.getAllByRole("textbox", { name: /^Question/ })[0] as HTMLElement,
      "Anything else?",
    );
    const preview = screen.getByRole("region", { name: t("Office.questions.preview") });
    expect(await within(preview).findByRole("textbox", { name: /Anything else\?/ })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: t("Office.questions.create") }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(attributesOf(calls.find((c) => c.method === "POST")!.body)).toMatchObject({
      type: "text",
      label: "Anything else?",
      options: [],
    });
  });
});

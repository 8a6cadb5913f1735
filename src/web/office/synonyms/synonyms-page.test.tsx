// @vitest-environment jsdom
// The synonyms page: a search by wording or key, the product's wording beside the vendor's with a
// preview (sample values in the placeholders), a save of every language's overrides with the
// version it read as If-Match, an emptied wording given back to the product, and the server's 422
// under the refused message.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setStaffCsrfToken } from "../../api/office/office-client.ts";
import {
  json,
  renderOffice,
  type StubCall,
  staffMe,
  stubServer,
  t,
} from "../office-test-harness.tsx";
import { SynonymsPage } from "./synonyms-page.tsx";

// The page reads each catalog as written (`?raw`, a build-time import); here, the English file.
vi.mock("./synonym-catalog.ts", async () => {
  const { isVisitorMessageId } = await import("../../../shared/i18n/synonym-rules.ts");
  const en = (await import("../../../shared/i18n/en.json")).default as Record<string, string>;
  return {
    loadVisitorMessages: async () =>
      Object.keys(en)
        .filter(isVisitorMessageId)
        .sort()
        .map((id) => ({ id, text: en[id] })),
  };
});

const SECTION = "/api/internal/v1/settings/synonyms";

beforeEach(() => setStaffCsrfToken("staff-csrf"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setStaffCsrfToken(null);
});

const document = (attributes: object, version: number) => ({
  data: { type: "vendor-settings", id: "synonyms", attributes, meta: { version } },
});

function openPage(
  stored: object,
  put: (call: StubCall) => Response,
  at = "/synonyms-management?lang=en",
) {
  const calls = stubServer({
    [`GET ${SECTION}`]: () => json(200, document(stored, 3)),
    [`PUT ${SECTION}`]: put,
  });
  renderOffice(<SynonymsPage />, { at, me: staffMe("admin") });
  return calls;
}

const entryOf = async (id: string) => {
  const key = await screen.findByText(id);
  return key.closest("li") as HTMLElement;
};

describe("the synonyms page", () => {
  it("finds a message by its wording, previews the vendor's and saves it with the version", async () => {
    const calls = openPage({ fr: { "Form.submit_join": "Entrer dans la file" } }, (call) =>
      json(200, document((call.body as { data: { attributes: object } }).data.attributes, 4)),
    );
    const search = await screen.findByRole("searchbox", { name: t("Office.synonyms.search") });
    await userEvent.type(search, "join the line");
    const entry = await entryOf("Form.submit_join");
    expect(within(entry).getByText("Preview: Join the line")).toBeTruthy();
    // No office message is offered: only what visitors read.
    expect(screen.queryByText(/^Office\./)).toBeNull();

    const field = within(entry).getByRole("textbox", { name: t("Office.synonyms.yours") });
    await userEvent.type(field, "Take a number");
    expect(within(entry).getByText("Preview: Take a number")).toBeTruthy();
    expect(screen.getByText("1 change not saved yet")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: t("Office.synonyms.save") }));
    expect(await screen.findByText(t("Office.synonyms.saved"))).toBeTruthy();
    const put = calls.find((call) => call.method === "PUT");
    expect(put?.headers.get("if-match")).toBe('"3"');
    // The other language's wording goes along untouched.
    expect(put?.body).toEqual({
      data: {
        type: "vendor-settings",
        id: "synonyms",
        attributes: {
          fr: { "Form.submit_join": "Entrer dans la file" },
          en: { "Form.submit_join": "Take a number" },
        },
      },
    });
  });

  it("finds a message by its key and previews its placeholders with sample values", async () => {
    openPage({}, () => json(500, {}), "/synonyms-management?lang=en&q=phone_country_option");
    const entry = await entryOf("Form.phone_country_option");
    expect(within(entry).getByText("Preview: +[code] [country]")).toBeTruthy();
    const field = within(entry).getByRole("textbox", { name: t("Office.synonyms.yours") });
    await userEvent.type(field, "{{country");
    expect(within(entry).getByText(t("Office.synonyms.preview_unavailable"))).toBeTruthy();
  });

  it("gives an emptied wording back to the product", async () => {
    const calls = openPage(
      { en: { "Form.submit_join": "Take a number" } },
      (call) =>
        json(200, document((call.body as { data: { attributes: object } }).data.attributes, 4)),
      "/synonyms-management?lang=en&q=Form.submit_join",
    );
    const entry = await entryOf("Form.submit_join");
    await userEvent.click(within(entry).getByRole("button", { name: t("Office.synonyms.reset") }));
    expect(within(entry).getByText("Preview: Join the line")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: t("Office.synonyms.save") }));
    await screen.findByText(t("Office.synonyms.saved"));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      data: { attributes: { en: {} } },
    });
  });

  it("shows the server's refusal under the message and moves focus to it", async () => {
    const detail = "Keep exactly the placeholders of the product's wording: {code}, {country}.";
    openPage(
      {},
      () =>
        json(422, {
          errors: [
            {
              status: "422",
              code: "synonym_placeholders",
              detail,
              source: { pointer: "/data/attributes/en/Form.phone_country_option" },
            },
          ],
        }),
      "/synonyms-management?lang=en&q=phone_country_option",
    );
    const entry = await entryOf("Form.phone_country_option");
    const field = within(entry).getByRole("textbox", { name: t("Office.synonyms.yours") });
    await userEvent.type(field, "+{{code}");
    await userEvent.click(screen.getByRole("button", { name: t("Office.synonyms.save") }));
    await waitFor(() => expect(window.document.activeElement).toBe(field));
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(within(entry).getByText(detail)).toBeTruthy();
    expect(screen.getByText(t("Office.synonyms.refused"))).toBeTruthy();
  });
});

// @vitest-environment jsdom
// The platform admin's vendors: the list with hosts and admins, "Add vendor" with the server's
// refusals at their fields, and the invitation announced once it is created.
import { cleanup, screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderOffice, staffMe, stubServer, t } from "../office-test-harness.tsx";
import { VendorsPage } from "./vendors-page.tsx";

const LIST = "GET /api/internal/v1/vendors";
const CREATE = "POST /api/internal/v1/vendors";

const vendor = (id: number, name: string, slug: string, hosts: string[]) => ({
  type: "vendors",
  id: String(id),
  attributes: { name, slug, hosts, admins: 1, created_at: "2026-11-26T10:00:00.000Z" },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the vendors page", () => {
  it("lists the vendors and adds one, showing refusals at their fields and announcing the invitation", async () => {
    const user = userEvent.setup();
    const list = [vendor(1, "Northwind Bank", "demo", ["localhost"])];
    const answers = [
      json(422, {
        errors: [
          {
            status: "422",
            code: "slug_taken",
            detail: t("Office.setup_slug_taken"),
            source: { pointer: "/data/attributes/slug" },
          },
        ],
      }),
      json(201, { data: vendor(2, "Harbour Clinic", "harbour", ["harbour.example"]) }),
    ];
    const calls = stubServer({
      [LIST]: () => json(200, { data: list }),
      [CREATE]: () => {
        const answer = answers.shift()!;
        if (answer.status === 201)
          list.push(vendor(2, "Harbour Clinic", "harbour", ["harbour.example"]));
        return answer;
      },
    });
    renderOffice(<VendorsPage />, {
      at: "/vendors",
      path: "/vendors",
      me: staffMe("platform_admin"),
    });

    const vendors = await screen.findByRole("list", { name: t("Office.vendors_list_label") });
    expect(within(vendors).getByRole("heading", { name: "Northwind Bank" })).toBeTruthy();
    expect(within(vendors).getByText("localhost")).toBeTruthy();

    const form = screen.getByRole("region", { name: t("Office.vendors_add") });
    await user.type(within(form).getByLabelText(/^Organisation name/), "Harbour Clinic");
    await user.tab();
    const slug = within(form).getByLabelText(/^Short name/) as HTMLInputElement;
    expect(slug.value).toBe("harbour-clinic");
    await user.type(within(form).getByLabelText(/^Host names/), "harbour.example");
    await user.type(within(form).getByLabelText(/^First name/), "Noor");
    await user.type(within(form).getByLabelText(/^Last name/), "Haddad");
    await user.type(within(form).getByLabelText(/^Email/), "noor@harbour.example");
    await user.click(screen.getByRole("button", { name: t("Office.vendors_add_submit") }));
    expect(await screen.findByText(t("Office.setup_slug_taken"))).toBeTruthy();
    expect(slug.getAttribute("aria-invalid")).toBe("true");

    await user.clear(slug);
    await user.type(slug, "harbour");
    await user.click(screen.getByRole("button", { name: t("Office.vendors_add_submit") }));
    expect(
      await screen.findByText(
        "Harbour Clinic was added. An invitation was sent to noor@harbour.example.",
      ),
    ).toBeTruthy();
    expect(await within(vendors).findByRole("heading", { name: "Harbour Clinic" })).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST").at(-1)?.body).toEqual({
      data: {
        type: "vendors",
        attributes: {
          name: "Harbour Clinic",
          slug: "harbour",
          hosts: ["harbour.example"],
          admin: { first_name: "Noor", last_name: "Haddad", email: "noor@harbour.example" },
        },
      },
    });
  });
});

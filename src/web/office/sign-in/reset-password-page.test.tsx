// @vitest-environment jsdom
// Setting a new password: the rules shown before typing, the server's reason for refusing a
// password shown at the field (its own localised detail), then the password changed.
import { cleanup, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderOffice, stubServer, t } from "../office-test-harness.tsx";
import { ResetPasswordPage } from "./reset-password-page.tsx";

const RESET = "POST /api/internal/v1/password-resets/the-token";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the reset-password page", () => {
  it("asks an invited staff member to set their password", () => {
    stubServer({});
    renderOffice(<ResetPasswordPage />, {
      at: "/reset-password?token=the-token&invite=1",
      path: "/reset-password",
      me: null,
    });
    expect(
      screen.getByRole("heading", { name: t("Office.invitation_password_title") }),
    ).toBeTruthy();
  });

  it("says what a password must not be, shows the server's reason for refusing one, then sets it", async () => {
    const user = userEvent.setup();
    const answers = [
      json(422, {
        errors: [
          {
            status: "422",
            code: "password_contains_personal_info",
            detail: t("Auth.password_contains_personal_info"),
            source: { pointer: "/password" },
          },
        ],
      }),
      json(204, null),
    ];
    const calls = stubServer({ [RESET]: () => answers.shift()! });
    renderOffice(<ResetPasswordPage />, {
      at: "/reset-password?token=the-token",
      path: "/reset-password",
      me: null,
    });
    expect(screen.getByText(new RegExp(t("Office.password_rule_guessable")))).toBeTruthy();

    const password = screen.getByLabelText(/^New password/);
    const confirmation = screen.getByLabelText(/^Repeat the new password/);
    await user.type(password, "northwind-bank-2026");
    await user.type(confirmation, "northwind-bank-2026");
    await user.click(screen.getByRole("button", { name: t("Office.set_password") }));
    expect(await screen.findByText(t("Auth.password_contains_personal_info"))).toBeTruthy();
    expect(password.getAttribute("aria-invalid")).toBe("true");

    await user.clear(password);
    await user.clear(confirmation);
    await user.type(password, "teller lantern harbour");
    await user.type(confirmation, "teller lantern harbour");
    await user.click(screen.getByRole("button", { name: t("Office.set_password") }));
    expect(await screen.findByText(t("Office.password_changed"))).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([
      { password: "northwind-bank-2026" },
      { password: "teller lantern harbour" },
    ]);
  });
});

// @vitest-environment jsdom
// Signing in: empty fields named, refusals announced (wrong password, a throttled attempt with the
// time left), the password emptied for the next try, then on to the page asked for — never to
// another site.
import { cleanup, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderOffice, staffMe, stubServer, t } from "../office-test-harness.tsx";
import { SignInPage } from "./sign-in-page.tsx";

const ME = "GET /api/internal/v1/me";
const SESSION = "POST /api/internal/v1/session";
const refused = (status: number, code: string, detail: string) =>
  json(status, { errors: [{ status: String(status), code, detail }] });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openSignIn(at: string, answers: Response[]) {
  const calls = stubServer({
    [ME]: () => refused(401, "unauthenticated", "Please sign in to continue."),
    [SESSION]: () => answers.shift() ?? refused(500, "internal", "no more answers"),
  });
  renderOffice(<SignInPage />, { at, path: "/sign-in", me: null });
  return calls;
}

const where = () => screen.getByTestId("where").textContent;

describe("the sign-in page", () => {
  it("names empty fields, announces refusals, then goes where the staff member was headed", async () => {
    const user = userEvent.setup();
    const calls = openSignIn("/sign-in?next=%2Fdashboard", [
      refused(401, "invalid_credentials", t("Auth.invalid_credentials")),
      refused(
        429,
        "sign_in_throttled",
        "Too many failed sign-in attempts. Try again in 5 seconds.",
      ),
      json(200, { data: staffMe(), csrf_token: "staff-csrf" }),
    ]);
    expect(screen.getByText(t("Office.sign_in_to_continue"))).toBeTruthy();

    await user.click(screen.getByRole("button", { name: t("Office.sign_in") }));
    expect(screen.getAllByText(t("Errors.required"))).toHaveLength(2);
    const email = screen.getByLabelText(/^Email/);
    expect(document.activeElement).toBe(email);
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.type(email, "katarzyna.nowak@northwind.example");
    const password = screen.getByLabelText(/^Password/) as HTMLInputElement;
    await user.type(password, "wrong-password{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe(t("Auth.invalid_credentials"));
    expect(password.value).toBe("");
    expect(document.activeElement).toBe(password);

    await user.type(password, "wrong-again{Enter}");
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "Too many failed sign-in attempts. Try again in 5 seconds.",
      ),
    );

    await user.type(password, "counter-willow-23{Enter}");
    await waitFor(() => expect(where()).toBe("/dashboard"));
    expect(calls.filter((c) => c.method === "POST").at(-1)!.body).toEqual({
      email: "katarzyna.nowak@northwind.example",
      password: "counter-willow-23",
    });
  });

  it("never follows a next address to another site", async () => {
    const user = userEvent.setup();
    openSignIn("/sign-in?next=%2F%2Fevil.example%2F", [
      json(200, { data: staffMe(), csrf_token: "staff-csrf" }),
    ]);
    await user.type(screen.getByLabelText(/^Email/), "katarzyna.nowak@northwind.example");
    await user.type(screen.getByLabelText(/^Password/), "counter-willow-23{Enter}");
    await waitFor(() => expect(where()).toBe("/lobby"));
  });

  it("says why the last session ended", () => {
    stubServer({ [ME]: () => refused(401, "unauthenticated", "") });
    renderOffice(<SignInPage />, {
      at: { pathname: "/sign-in", state: { sessionEnd: "signed-out-everywhere" } },
      path: "/sign-in",
      me: null,
    });
    expect(screen.getByRole("status").textContent).toBe(t("Office.signed_out_everywhere"));
  });
});

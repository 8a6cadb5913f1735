// @vitest-environment jsdom
// The office layout: without a session to sign-in (and back afterwards), a role without the page
// to /forbidden, otherwise the page in the shell with only the pages the role may open linked;
// signing out leads to sign-in saying so, and a session ended elsewhere leads back here.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../api/office/me.ts";
import { officeApi } from "../../api/office/office-client.ts";
import { Route } from "../../routing/routing.tsx";
import { json, renderOffice, staffMe, stubServer, t } from "../office-test-harness.tsx";
import { OfficeLayout } from "./office-layout.tsx";

// The layout opens its own socket; the pages under test need none.
vi.mock("../../api/realtime/realtime-context.tsx", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  RealtimeProvider: ({ children }: { children: ReactNode }) => children,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const where = () => screen.getByTestId("where").textContent;

function open(at: string, me: Me | null, extra: Record<string, () => Response> = {}) {
  const calls = stubServer({
    "GET /api/internal/v1/me": () =>
      me
        ? json(200, { data: me, csrf_token: "staff-csrf" })
        : json(401, { errors: [{ status: "401", code: "unauthenticated" }] }),
    ...extra,
  });
  renderOffice(null, {
    at,
    me: null,
    routes: (
      <>
        <Route element={<OfficeLayout />}>
          <Route path="lobby" element={<p>the lobby</p>} />
          <Route path="dashboard" element={<p>the dashboard</p>} />
          <Route path="forbidden" element={<p>the forbidden page</p>} />
        </Route>
        <Route path="sign-in" element={<p>the sign-in page</p>} />
        <Route path="how" element={<p>the kiosk</p>} />
      </>
    ),
  });
  return calls;
}

describe("the office layout", () => {
  it("sends a visitor without a session to sign-in, with the way back", async () => {
    open("/dashboard?x=1", null);
    await waitFor(() => expect(where()).toBe("/sign-in?next=%2Fdashboard%3Fx%3D1"));
  });

  it("sends a kiosk account to its location's kiosk, with no page linked", async () => {
    const kiosk = staffMe("kiosk");
    open("/lobby", kiosk);
    await screen.findByText("the kiosk");
    expect(where()).toBe(`/how?location=${kiosk.locations[0]?.id}&mode=kiosk`);
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("sends a staff member without the page to the forbidden page", async () => {
    open("/dashboard", staffMe("contact_centre_staff"));
    await screen.findByText("the forbidden page");
    expect(where()).toBe("/forbidden");
  });

  it("shows the page in the shell, linking the pages the role may open", async () => {
    open("/lobby", staffMe("contact_centre_staff"));
    await screen.findByText("the lobby");
    const nav = screen.getByRole("navigation", { name: t("Office.nav_label") });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Lobby", "Schedule", "Clients"]);
    expect(within(nav).getByRole("link", { name: "Lobby" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(screen.getByText("Warszawa — Złota")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Katarzyna Nowak/ })).toBeTruthy();
  });

  it("signs out from the user menu, to a sign-in page that says so", async () => {
    const user = userEvent.setup();
    const calls = open("/lobby", staffMe(), {
      "DELETE /api/internal/v1/session": () => new Response(null, { status: 204 }),
    });
    await screen.findByText("the lobby");
    await user.click(screen.getByRole("button", { name: /Katarzyna Nowak/ }));
    await user.click(await screen.findByRole("button", { name: t("Office.sign_out") }));
    await screen.findByText("the sign-in page");
    expect(where()).toBe("/sign-in");
    const signOut = calls.find((call) => call.method === "DELETE")!;
    expect(signOut.headers.get("x-csrf-token")).toBe("staff-csrf");
  });

  it("leads back to sign-in, and back here afterwards, when the session ends elsewhere", async () => {
    open("/dashboard", staffMe(), {
      "GET /api/internal/v1/dashboard": () =>
        json(401, { errors: [{ status: "401", code: "unauthenticated" }] }),
    });
    await screen.findByText("the dashboard");
    await officeApi.get("/api/internal/v1/dashboard").catch(() => {});
    await waitFor(() => expect(where()).toBe("/sign-in?next=%2Fdashboard"));
  });
});

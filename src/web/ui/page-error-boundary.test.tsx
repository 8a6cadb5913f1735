// @vitest-environment jsdom
// A part that fails to load or render: the general error page, or the fallback a caller gives
// (the kiosk's frame without its session when the session's code cannot be fetched).
import { cleanup, render, screen } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "../../shared/i18n/en.json" with { type: "json" };
import { MemoryRouter } from "../routing/routing.tsx";
import { PageErrorBoundary } from "./page-error-boundary.tsx";

const Unloadable = lazy(() =>
  Promise.reject(new Error("Failed to fetch dynamically imported module")),
);

function renderWith(fallback?: React.ReactNode) {
  return render(
    <MemoryRouter>
      <IntlProvider locale="en" messages={en}>
        <PageErrorBoundary {...(fallback === undefined ? {} : { fallback })}>
          <Suspense fallback={null}>
            <Unloadable />
          </Suspense>
        </PageErrorBoundary>
      </IntlProvider>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe("PageErrorBoundary", () => {
  it("shows the general error page when a lazy part cannot be loaded", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderWith();
    expect(await screen.findByRole("heading", { name: en["Errors.oops"] })).toBeTruthy();
    logged.mockRestore();
  });

  it("shows the caller's fallback instead when it has one", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderWith(<p>the page without its kiosk session</p>);
    expect(await screen.findByText("the page without its kiosk session")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: en["Errors.oops"] })).toBeNull();
    logged.mockRestore();
  });
});

// @vitest-environment jsdom
// The header and footer follow the vendor: language picker only with several languages, the
// product link only for vendors that are not white-label.
import { cleanup, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it } from "vitest";
import type { Locale } from "../../shared/domain.ts";
import en from "../../shared/i18n/en.json" with { type: "json" };
import { defaultVendor, type VendorInfo } from "../api/vendor.ts";
import { CurrentVendorContext } from "../current-vendor.ts";
import { LocaleContext } from "../i18n/locale-context.ts";
import { MemoryRouter } from "../routing/routing.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";

function renderFrame(vendor: Partial<VendorInfo>, available: Locale[]) {
  const value = { ...defaultVendor(), ...vendor };
  return render(
    <MemoryRouter>
      <CurrentVendorContext value={value}>
        <LocaleContext value={{ locale: "en", available, setLocale: () => {} }}>
          <IntlProvider locale="en" messages={en}>
            <Header />
            <Footer />
          </IntlProvider>
        </LocaleContext>
      </CurrentVendorContext>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe("page header and footer", () => {
  it("link the vendor's name to its homepage and offer every vendor language", () => {
    renderFrame({ name: "Northwind Bank", homepage: "https://northwind.example/" }, [
      "en",
      "fr",
      "ko",
    ]);
    const home = screen.getByRole("link", { name: "Northwind Bank home page" });
    expect(home.getAttribute("href")).toBe("https://northwind.example/");
    const picker = screen.getByRole("combobox", { name: "Language" });
    expect([...picker.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "English",
      "Français",
      "한국어",
    ]);
    expect(screen.getByRole("contentinfo").textContent).toContain("Powered by Nextline");
  });

  it("show the logo when there is one, and no picker for a single language", () => {
    renderFrame(
      {
        name: "Clinic",
        theme: { ...defaultVendor().theme, logo_url: "https://cdn.example/logo.png" },
      },
      ["en"],
    );
    expect(screen.getByRole("img", { name: "Clinic" }).getAttribute("src")).toBe(
      "https://cdn.example/logo.png",
    );
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("leave the product out for a white-label vendor", () => {
    renderFrame({ privateLabel: true }, ["en"]);
    expect(screen.queryByRole("contentinfo")).toBeNull();
    expect(screen.queryByText(/Nextline/, { selector: "footer *" })).toBeNull();
  });
});

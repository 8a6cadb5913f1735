// @vitest-environment jsdom
// The vendor's snippets on a visitor page: asked for in the page language (a change of language
// asks again, in the new one), announcements and notices each where they belong, the HTML
// sanitised again before it is shown, a polite status rather than an alert, and a dismissed
// announcement gone for the rest of the session.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "../../../shared/i18n/en.json" with { type: "json" };
import fr from "../../../shared/i18n/fr.json" with { type: "json" };
import { VisitorSnippets } from "./visitor-snippets.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const HTML: Record<string, string> = {
  en: '<p>Closed on <strong>Monday</strong><img src=x onerror="alert(1)"></p><a href="javascript:alert(2)">x</a>',
  fr: "<p>Fermé lundi</p>",
};

function stubSnippets() {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, "http://localhost");
      const lang = url.searchParams.get("lang") ?? "en";
      asked.push(`${new Headers(init.headers).get("accept-language")} ${url.search}`);
      const data = [
        {
          id: "1",
          type: "cx-snippets",
          attributes: { kind: "announcement", tone: "warning", html: HTML[lang], lang },
        },
        {
          id: "2",
          type: "cx-snippets",
          attributes: { kind: "notice", tone: "info", html: "<p>Bring your card</p>", lang: "en" },
        },
      ];
      return new Response(JSON.stringify({ data }), { status: 200 });
    }),
  );
  return asked;
}

let setLocale: (locale: "en" | "fr") => void = () => {};

function Page() {
  const [locale, choose] = useState<"en" | "fr">("en");
  setLocale = choose;
  return (
    <IntlProvider locale={locale} messages={(locale === "en" ? en : fr) as Record<string, string>}>
      <VisitorSnippets kind="announcement" locationId="7" />
      <main>
        <VisitorSnippets kind="notice" locationId="7" />
      </main>
    </IntlProvider>
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Page />
    </QueryClientProvider>,
  );
}

describe("the vendor's snippets on a visitor page", () => {
  it("shows each kind in its place, sanitised, as a polite status", async () => {
    const asked = stubSnippets();
    renderPage();
    // The list's chunk loads on first use.
    const banner = await screen.findByRole("region", { name: "Announcements" }, { timeout: 5000 });
    const status = within(banner).getByRole("status");
    expect(status.textContent).toContain("Closed on Monday");
    expect(banner.querySelector("img")).toBeNull();
    expect(banner.querySelector("[onerror]")).toBeNull();
    expect(banner.querySelector("a")?.getAttribute("href")).toBeNull();
    expect(banner.querySelector("[lang='en']")).not.toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    const notices = await screen.findByRole("region", { name: "Notices" });
    expect(notices.closest("main")).not.toBeNull();
    expect(notices.textContent).toContain("Bring your card");
    expect(banner.textContent).not.toContain("Bring your card");
    expect(asked[0]).toBe("en ?lang=en&location_id=7");
  });

  it("asks again in the visitor's new language", async () => {
    const asked = stubSnippets();
    renderPage();
    await screen.findByText("Monday");
    act(() => setLocale("fr"));
    expect(await screen.findByText("Fermé lundi")).toBeTruthy();
    expect(asked).toContain("fr ?lang=fr&location_id=7");
    expect(screen.getByRole("region", { name: "Annonces" })).toBeTruthy();
  });

  it("keeps a dismissed announcement away for the session, not the notices", async () => {
    stubSnippets();
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Dismiss announcement" }));
    expect(screen.queryByRole("region", { name: "Announcements" })).toBeNull();
    expect(screen.getByRole("region", { name: "Notices" })).toBeTruthy();
    cleanup();
    renderPage();
    await screen.findByRole("region", { name: "Notices" });
    expect(screen.queryByRole("region", { name: "Announcements" })).toBeNull();
  });
});

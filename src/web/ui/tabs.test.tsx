// @vitest-environment jsdom
// The tabs block: a named tab list, arrows move between tabs and show their panel, a panel is
// labelled by its tab, a hidden panel keeps what was typed, and a tab with refused fields says so.
import "../../../test/dom/css-escape.ts";
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it } from "vitest";
import en from "../../shared/i18n/en.json" with { type: "json" };
import { Tabs } from "./tabs.tsx";

afterEach(cleanup);

function Languages({ errorsIn }: { errorsIn?: string }) {
  const [selected, setSelected] = useState("fr");
  return (
    <IntlProvider locale="en" messages={en}>
      <Tabs
        label="Translations"
        selected={selected}
        onSelect={setSelected}
        tabs={["fr", "pl", "ko"].map((id) => ({
          id,
          label: id.toUpperCase(),
          lang: id,
          note: "0 of 1",
          hasErrors: errorsIn === id,
          panel: (
            <label>
              Name in {id}
              <input />
            </label>
          ),
        }))}
      />
    </IntlProvider>
  );
}

describe("Tabs", () => {
  it("moves between tabs with the arrow keys and shows the chosen tab's panel, labelled by it", async () => {
    const user = userEvent.setup();
    render(<Languages />);
    const list = screen.getByRole("tablist", { name: "Translations" });
    expect(list).toBeTruthy();
    const fr = screen.getByRole("tab", { name: /FR/ });
    expect(fr.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: /FR/ })).toBeTruthy();

    await user.tab();
    expect(document.activeElement).toBe(fr);
    await user.keyboard("{ArrowRight}");
    const pl = screen.getByRole("tab", { name: /PL/ });
    expect(document.activeElement).toBe(pl);
    expect(pl.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: /PL/ })).toBeTruthy();
    expect(screen.getByLabelText("Name in pl")).toBeTruthy();

    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: /KO/ }).getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(fr);
  });

  it("keeps what was typed in a panel while another tab is shown", async () => {
    const user = userEvent.setup();
    render(<Languages />);
    await user.type(screen.getByLabelText("Name in fr"), "Succursale");
    await user.click(screen.getByRole("tab", { name: /PL/ }));
    expect(screen.queryByRole("tabpanel", { name: /FR/ })).toBeNull();
    await user.click(screen.getByRole("tab", { name: /FR/ }));
    expect((screen.getByLabelText("Name in fr") as HTMLInputElement).value).toBe("Succursale");
  });

  it("says in the tab's name that its panel needs attention", () => {
    render(<Languages errorsIn="ko" />);
    expect(
      screen.getByRole("tab", { name: new RegExp(`KO.*${en["Office.ui.tabs.has_errors"]}`) }),
    ).toBeTruthy();
    expect(screen.getByRole("tab", { name: /FR/ }).textContent?.includes("needs attention")).toBe(
      false,
    );
  });
});

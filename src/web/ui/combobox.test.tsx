// @vitest-environment jsdom
// The combobox block: typing narrows the list (case, accents and "_" aside), arrows and Enter pick
// an option, a text that names no option is not taken, and the hint and error belong to the field.
import "../../../test/dom/css-escape.ts";
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "../../shared/i18n/en.json" with { type: "json" };
import { Combobox, containsLoosely } from "./combobox.tsx";

afterEach(cleanup);

const ZONES = ["America/Halifax", "America/New_York", "America/Toronto", "Europe/Warsaw"].map(
  (zone) => ({ id: zone, label: zone }),
);

function Zone(props: {
  start?: string | null;
  onChange?: (id: string | null) => void;
  error?: string;
}) {
  const [value, setValue] = useState<string | null>(props.start ?? "America/Halifax");
  return (
    <IntlProvider locale="en" messages={en}>
      <Combobox
        label="Time zone"
        hint="Where the branch is"
        options={ZONES}
        value={value}
        onChange={(id) => {
          setValue(id);
          props.onChange?.(id);
        }}
        required
        {...(props.error ? { error: props.error } : {})}
      />
      <output aria-label="chosen">{value ?? "none"}</output>
    </IntlProvider>
  );
}

describe("Combobox", () => {
  it("narrows the list to what was typed and takes the option picked with the arrows and Enter", async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    render(<Zone onChange={changed} />);
    const input = screen.getByRole("combobox", { name: /Time zone/ });
    expect((input as HTMLInputElement).value).toBe("America/Halifax");
    await user.clear(input);
    await user.type(input, "toron");
    const options = screen.getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["America/Toronto"]);
    await user.keyboard("{ArrowDown}{Enter}");
    expect(changed).toHaveBeenLastCalledWith("America/Toronto");
    expect(screen.getByLabelText("chosen").textContent).toBe("America/Toronto");
    expect((input as HTMLInputElement).value).toBe("America/Toronto");
  });

  it("does not take a text that names no option: leaving the field brings the chosen one back", async () => {
    const user = userEvent.setup();
    render(<Zone />);
    const input = screen.getByRole("combobox", { name: /Time zone/ });
    await user.type(input, "Atlantis");
    expect(screen.getByText(en["Office.ui.combobox.no_match"]!)).toBeTruthy();
    await user.tab();
    expect(screen.getByLabelText("chosen").textContent).toBe("America/Halifax");
    expect((input as HTMLInputElement).value).toBe("America/Halifax");
  });

  it("takes a pasted text that is exactly an option, in any letter case", async () => {
    const user = userEvent.setup();
    render(<Zone />);
    const input = screen.getByRole("combobox", { name: /Time zone/ });
    await user.clear(input);
    await user.paste("europe/warsaw");
    await user.tab();
    expect(screen.getByLabelText("chosen").textContent).toBe("Europe/Warsaw");
    expect((input as HTMLInputElement).value).toBe("Europe/Warsaw");
  });

  it("ties the hint and the error to the input", () => {
    render(<Zone error="Choose a time zone" />);
    const input = screen.getByRole("combobox", { name: /Time zone/ });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const described = (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(
      expect.arrayContaining(["Where the branch is", "Choose a time zone"]),
    );
  });

  it("matches without regard to case, accents or underscores", () => {
    expect(containsLoosely("America/New_York", "new york")).toBe(true);
    expect(containsLoosely("America/Bogotá", "BOGOTA")).toBe(true);
    expect(containsLoosely("America/Toronto", "halifax")).toBe(false);
  });
});

// @vitest-environment jsdom
// N and C act on the page only: never while typing in a field, inside a dialog or a menu, with a
// modifier held (browser and screen-reader commands), or as a held key repeats.
import { afterEach, describe, expect, it } from "vitest";
import { shortcutFor } from "./use-keyboard-shortcuts.ts";

const callNext = () => {};
const shortcuts = { n: callNext };

function press(target: Element, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent("keydown", { key: "n", bubbles: true, ...init });
  Object.defineProperty(event, "target", { value: target });
  return shortcutFor(event, shortcuts);
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("shortcutFor", () => {
  it("runs on the page, in either case", () => {
    const button = document.body.appendChild(document.createElement("button"));
    expect(press(document.body)).toBe(callNext);
    expect(press(button, { key: "N" })).toBe(callNext);
  });

  it("stays quiet while typing in a field", () => {
    for (const html of [
      '<input type="text">',
      "<input>",
      '<input type="email">',
      "<textarea></textarea>",
      "<select><option>a</option></select>",
      '<div contenteditable="true"></div>',
    ]) {
      document.body.innerHTML = html;
      const field = document.body.firstElementChild as HTMLElement;
      // jsdom does not compute isContentEditable
      if (field.hasAttribute("contenteditable"))
        Object.defineProperty(field, "isContentEditable", { value: true });
      expect(press(field), html).toBeUndefined();
    }
    document.body.innerHTML = '<input type="checkbox">';
    expect(press(document.body.firstElementChild!)).toBe(callNext);
  });

  it("stays quiet with a modifier, a repeat, or in a dialog or menu", () => {
    expect(press(document.body, { ctrlKey: true })).toBeUndefined();
    expect(press(document.body, { metaKey: true })).toBeUndefined();
    expect(press(document.body, { altKey: true })).toBeUndefined();
    expect(press(document.body, { repeat: true })).toBeUndefined();
    document.body.innerHTML = '<div role="menu"><div role="menuitem">Cancel</div></div>';
    expect(press(document.querySelector('[role="menuitem"]')!)).toBeUndefined();
    document.body.innerHTML = '<div role="dialog" aria-modal="true"></div><p>behind</p>';
    expect(press(document.querySelector("p")!)).toBeUndefined();
  });

  it("ignores keys it has no shortcut for", () => {
    expect(press(document.body, { key: "x" })).toBeUndefined();
  });
});

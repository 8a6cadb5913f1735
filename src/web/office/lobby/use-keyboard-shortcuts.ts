// Single-key shortcuts for the lobby's most frequent actions (N: call next, C: complete). They stay
// quiet while the staff member types in a field, works in a dialog or a menu, holds a modifier
// (browser and screen-reader commands) or keeps the key pressed.
import { useEffect, useRef } from "react";

export type Shortcuts = Partial<Record<string, () => void>>;

const TEXT_INPUTS = new Set([
  "text",
  "email",
  "search",
  "tel",
  "url",
  "password",
  "number",
  "date",
  "time",
]);

/** True when a key press belongs to what has focus, not to the page. */
export function isOwnedByFocus(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUTS.has(target.type) || target.type === "";
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return (
    target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !==
    null
  );
}

export function shortcutFor(event: KeyboardEvent, shortcuts: Shortcuts): (() => void) | undefined {
  if (event.defaultPrevented || event.repeat || event.isComposing) return undefined;
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  if (isOwnedByFocus(event.target)) return undefined;
  // A modal is open even when focus sits on its backdrop: the page behind takes no shortcuts.
  if (document.querySelector('[aria-modal="true"]')) return undefined;
  return shortcuts[event.key.toLowerCase()];
}

export function useKeyboardShortcuts(shortcuts: Shortcuts) {
  const current = useRef(shortcuts);
  useEffect(() => {
    current.current = shortcuts;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const run = shortcutFor(event, current.current);
      if (!run) return;
      event.preventDefault();
      run();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

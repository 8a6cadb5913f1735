// Puts text where a field's cursor is (replacing a selection), and says where the cursor goes next.

export function insertAtCursor(
  value: string,
  insertion: string,
  selection: { start: number; end: number } | null,
): { value: string; cursor: number } {
  const start = Math.min(selection?.start ?? value.length, value.length);
  const end = Math.min(Math.max(selection?.end ?? start, start), value.length);
  return {
    value: value.slice(0, start) + insertion + value.slice(end),
    cursor: start + insertion.length,
  };
}

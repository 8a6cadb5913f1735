// How an audited value reads in a history entry: words for yes/no and empty, lists joined, anything
// longer than a line cut short. Pages pass their own formatting for values that need it (a role
// level as the role's name, a location id as its name).

export const MAX_VALUE_LENGTH = 120;

export type ValueWords = { yes: string; no: string; empty: string };

function cut(text: string): string {
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

export function formatAuditValue(value: unknown, words: ValueWords): string {
  if (value === null || value === undefined || value === "") return words.empty;
  if (typeof value === "boolean") return value ? words.yes : words.no;
  if (typeof value === "string") return cut(value);
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return words.empty;
    if (value.every((item) => typeof item === "string" || typeof item === "number"))
      return cut(value.join(", "));
  }
  return cut(JSON.stringify(value));
}

// Which product messages a vendor may reword (spec §5 synonyms) and what a rewording must keep. Only
// what visitors read may be overridden: the visitor pages' messages and the server's own that reach
// visitors (error details, the calendar file). The back office's words are the product's, and an
// override of them would apply nowhere (the office is not rendered with synonyms).
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";

/** The catalog id prefixes (before the first dot) of visitor-facing messages. */
export const VISITOR_MESSAGE_NAMESPACES = [
  "Availability",
  "Booking",
  "BookingError",
  "Calendar",
  "CallbackService",
  "Common",
  "Confirmation",
  "Conversion",
  "ErrorPage",
  "Errors",
  "Feedback",
  "Footer",
  "Form",
  "Header",
  "Home",
  "Kiosk",
  "Live",
  "LocationFinder",
  "Notices",
  "Queue",
  "Realtime",
  "Tv",
  "WaitTime",
] as const;

const NAMESPACES: ReadonlySet<string> = new Set(VISITOR_MESSAGE_NAMESPACES);

/** Whether the id is in a visitor-facing namespace (the catalog still has to know it). */
export function isVisitorMessageId(id: string): boolean {
  return NAMESPACES.has(id.slice(0, id.indexOf(".")));
}

/**
 * The placeholders ({name}, {count, plural, …}) and tags (<b>…</b>) of a parsed message, sorted:
 * what the page fills in when it shows the message.
 */
export function placeholdersOf(elements: readonly MessageFormatElement[]): string[] {
  const names = new Set<string>();
  const walk = (list: readonly MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if (element.type === TYPE.tag) {
        names.add(`<${element.value}>`);
        walk(element.children);
        continue;
      }
      names.add(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(elements);
  return [...names].sort();
}

export type SynonymProblem =
  | { kind: "empty" }
  | { kind: "syntax" }
  | { kind: "placeholders"; expected: string[] };

/**
 * Why an override of `original` cannot be used, or null: it must say something, parse as ICU and
 * keep exactly the original's placeholders (a missing one would drop a value the page shows, an
 * unknown one would have nothing to fill it).
 */
export function synonymProblem(original: string, override: string): SynonymProblem | null {
  if (override.trim() === "") return { kind: "empty" };
  let parsed: MessageFormatElement[];
  try {
    parsed = parse(override);
  } catch {
    return { kind: "syntax" };
  }
  const expected = placeholdersOf(parse(original));
  const found = placeholdersOf(parsed);
  if (expected.join("\n") !== found.join("\n")) return { kind: "placeholders", expected };
  return null;
}

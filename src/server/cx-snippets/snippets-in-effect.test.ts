// Which snippets a visitor page shows at a fixed instant: the window's edges (start inclusive, end
// exclusive), the location, and the language with its fallbacks.
import { describe, expect, it } from "vitest";
import type { LiveSnippet } from "./snippet-cache.ts";
import { snippetsInEffect } from "./snippets-in-effect.ts";

const NOW = new Date("2026-03-10T12:00:00Z");
const snippet = (id: number, extra: Partial<LiveSnippet> = {}): LiveSnippet => ({
  id,
  kind: "notice",
  tone: "info",
  content: { en: `<p>${id}</p>` },
  locationId: null,
  startsAt: null,
  endsAt: null,
  ...extra,
});
const at = { now: NOW, locationId: undefined, locale: "en", defaultLanguage: "en" } as const;
const ids = (list: { id: string }[]) => list.map((s) => s.id);

describe("snippets in effect", () => {
  it("holds from the start inclusive to the end exclusive", () => {
    const list = [
      snippet(1, { startsAt: NOW }),
      snippet(2, { endsAt: NOW }),
      snippet(3, { startsAt: new Date(NOW.getTime() + 1) }),
      snippet(4, { endsAt: new Date(NOW.getTime() + 1) }),
    ];
    expect(ids(snippetsInEffect(list, at))).toEqual(["1", "4"]);
  });

  it("shows a location's own snippets at that location only", () => {
    const list = [snippet(1), snippet(2, { locationId: 7 })];
    expect(ids(snippetsInEffect(list, at))).toEqual(["1"]);
    expect(ids(snippetsInEffect(list, { ...at, locationId: 7 }))).toEqual(["1", "2"]);
    expect(ids(snippetsInEffect(list, { ...at, locationId: 8 }))).toEqual(["1"]);
  });

  it("speaks the visitor's language, else the default language, else English, else not at all", () => {
    const list = [
      snippet(1, { content: { en: "E", fr: "F", es: "S" } }),
      snippet(2, { content: { en: "E", es: "S" } }),
      snippet(3, { content: { en: "E" } }),
      snippet(4, { content: { ko: "K" } }),
    ];
    const shown = snippetsInEffect(list, { ...at, locale: "fr", defaultLanguage: "es" });
    expect(shown.map((s) => [s.id, s.attributes.lang, s.attributes.html])).toEqual([
      ["1", "fr", "F"],
      ["2", "es", "S"],
      ["3", "en", "E"],
    ]);
  });
});

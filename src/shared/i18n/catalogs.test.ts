// Every catalog carries every id, with a non-empty, valid ICU message using the same arguments as
// English, and is really translated (not English copied), so no visitor meets a raw id or English by accident.
import { readdirSync, readFileSync } from "node:fs";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../domain.ts";

type Catalog = Record<string, string>;

/** Identical to English is fine for names and codes ("Nextline", "OK", "{vendor}"), not for sentences. */
const MAX_ENGLISH_COPIES = 3;

function missingIds(catalogs: Record<string, Catalog>): string[] {
  const all = new Set(Object.values(catalogs).flatMap((c) => Object.keys(c)));
  return Object.entries(catalogs).flatMap(([locale, catalog]) =>
    [...all].filter((id) => !(id in catalog)).map((id) => `${locale} lacks ${id}`),
  );
}

function emptyValues(locale: string, catalog: Catalog): string[] {
  return Object.entries(catalog)
    .filter(([, message]) => typeof message !== "string" || message.trim() === "")
    .map(([id]) => `${locale} ${id} is empty`);
}

function syntaxErrors(locale: string, catalog: Catalog): string[] {
  return Object.entries(catalog).flatMap(([id, message]) => {
    try {
      new IntlMessageFormat(message, locale);
      return [];
    } catch (error) {
      return [`${locale} ${id}: ${(error as Error).message}`];
    }
  });
}

/** The argument names of an ICU message: "{count, plural, one {# x}}" → ["count"]. */
function argumentsOf(message: string, locale: string): string[] {
  const names = new Set<string>();
  const visit = (elements: unknown[]) => {
    for (const element of elements as {
      value?: unknown;
      options?: Record<string, { value: unknown[] }>;
    }[]) {
      if (typeof element.value === "string" && "type" in element && element.type !== 0)
        names.add(element.value);
      for (const option of Object.values(element.options ?? {})) visit(option.value);
    }
  };
  visit(new IntlMessageFormat(message, locale).getAst());
  return [...names].sort();
}

function argumentMismatches(locale: string, catalog: Catalog, english: Catalog): string[] {
  return Object.entries(catalog).flatMap(([id, message]) => {
    const reference = english[id];
    if (reference === undefined) return [];
    try {
      const [got, want] = [argumentsOf(message, locale), argumentsOf(reference, "en")];
      return got.join() === want.join()
        ? []
        : [`${locale} ${id} uses {${got}} where English uses {${want}}`];
    } catch {
      return []; // reported by syntaxErrors
    }
  });
}

function isBrandLike(message: string): boolean {
  const withoutArguments = message.replace(/\{[^}]*\}/g, "").trim();
  return !/\s/.test(withoutArguments);
}

function englishCopies(catalog: Catalog, english: Catalog): string[] {
  return Object.entries(catalog)
    .filter(([id, message]) => message === english[id] && !isBrandLike(message))
    .map(([id]) => id);
}

const directory = new URL(".", import.meta.url);
const catalogs: Record<string, Catalog> = Object.fromEntries(
  readdirSync(directory)
    .filter((file) => file.endsWith(".json"))
    .map((file) => [
      file.replace(/\.json$/, ""),
      JSON.parse(readFileSync(new URL(file, directory), "utf8")) as Catalog,
    ]),
);
const english = catalogs.en!;

describe("message catalogs", () => {
  it("exist for exactly the eight product languages", () => {
    expect(Object.keys(catalogs).sort()).toEqual([...LOCALES].sort());
  });

  it("all carry the same ids", () => {
    expect(missingIds(catalogs)).toEqual([]);
  });

  for (const [locale, catalog] of Object.entries(catalogs)) {
    it(`${locale}: has no empty message and no ICU syntax error`, () => {
      expect(emptyValues(locale, catalog)).toEqual([]);
      expect(syntaxErrors(locale, catalog)).toEqual([]);
    });

    if (locale === "en") continue;
    it(`${locale}: uses the same arguments as English`, () => {
      expect(argumentMismatches(locale, catalog, english)).toEqual([]);
    });

    it(`${locale}: is translated, not copied from English`, () => {
      expect(englishCopies(catalog, english).length).toBeLessThanOrEqual(MAX_ENGLISH_COPIES);
    });
  }
});

describe("the catalog checks themselves", () => {
  it("flag a missing id, an empty value, a syntax error, a wrong argument and English copies", () => {
    expect(missingIds({ en: { a: "A", b: "B" }, fr: { a: "Á" } })).toEqual(["fr lacks b"]);
    expect(emptyValues("fr", { a: " " })).toEqual(["fr a is empty"]);
    expect(syntaxErrors("fr", { a: "{count, plural, one {x}" })).toHaveLength(1);
    expect(argumentMismatches("fr", { a: "Bonjour {nom}" }, { a: "Hello {name}" })).toHaveLength(1);
    expect(
      argumentMismatches(
        "ru",
        { a: "{count, plural, one {# день} other {# дней}}" },
        { a: "{count, plural, one {# day} other {# days}}" },
      ),
    ).toEqual([]);
    expect(
      englishCopies(
        { a: "Try again", b: "Nextline", c: "{product}" },
        { a: "Try again", b: "Nextline", c: "{product}" },
      ),
    ).toEqual(["a"]);
  });
});

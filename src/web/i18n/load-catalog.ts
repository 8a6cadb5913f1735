// Loads one language's messages on demand: each catalog is its own chunk, so only the active
// language ships with the page.
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { Locale } from "../../shared/domain.ts";

/** Parsed ICU trees when built by Vite (vite.config.ts precompiles them); ICU strings under Vitest. */
export type Messages = Record<string, string | MessageFormatElement[]>;

const loaders = import.meta.glob<Messages>("./*.json", { import: "default" });

export async function loadCatalog(locale: Locale): Promise<{ locale: Locale; messages: Messages }> {
  const load = loaders[`./${locale}.json`];
  if (!load) throw new Error(`no message catalog for ${locale}`);
  return { locale, messages: await load() };
}

// Loads one language's messages on demand: each catalog is its own chunk, so only the active
// language ships with the page. In a build, a catalog holds the visitor pages' messages and its
// `?office` part the back office's own (vite.config.ts); under Vitest both are the whole file.
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { Locale } from "../../shared/domain.ts";
import { intlWarmedUp } from "./warm-up-intl.ts";

/** Parsed ICU trees when built by Vite (vite.config.ts precompiles them); ICU strings under Vitest. */
export type Messages = Record<string, string | MessageFormatElement[]>;

// The catalogs live in src/shared/i18n, where the server reads them too.
const loaders = import.meta.glob<Messages>("../../shared/i18n/*.json", { import: "default" });
const officeLoaders = import.meta.glob<Messages>("../../shared/i18n/*.json", {
  import: "default",
  query: "?office",
});

/**
 * A language is ready when its messages are in and the engine's locale data has been loaded off
 * the main thread (warm-up-intl.ts; at most a short wait, and none after the first page).
 */
export async function loadCatalog(locale: Locale): Promise<{ locale: Locale; messages: Messages }> {
  const load = loaders[`../../shared/i18n/${locale}.json`];
  if (!load) throw new Error(`no message catalog for ${locale}`);
  const [messages] = await Promise.all([load(), intlWarmedUp()]);
  return { locale, messages };
}

/** The back office's own messages in `locale`, added to the page's catalog by OfficeMessages. */
export async function loadOfficeCatalog(locale: Locale): Promise<Messages> {
  const load = officeLoaders[`../../shared/i18n/${locale}.json`];
  if (!load) throw new Error(`no office message catalog for ${locale}`);
  return load();
}

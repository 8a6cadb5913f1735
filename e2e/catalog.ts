// Test fixture: the message catalogs, so browser tests assert the texts a visitor really sees
// without copying them.
import { readFileSync } from "node:fs";
import type { Locale } from "../src/shared/domain.ts";

export function messages(locale: Locale): Record<string, string> {
  return JSON.parse(readFileSync(`src/shared/i18n/${locale}.json`, "utf8")) as Record<
    string,
    string
  >;
}

// Adds or updates message ids in all eight catalogs at once, keeping them sorted, so that no
// catalog ever lacks an id. Usage: node scripts/add-messages.ts messages.json
// where messages.json is { "Some.id": { "en": "…", "es": "…", "fr": "…", "ko": "…", "pl": "…",
// "pt-BR": "…", "ru": "…", "zh-CN": "…" } }.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { LOCALES } from "../src/shared/domain.ts";

const input = process.argv[2];
if (!input) {
  process.stderr.write("usage: node scripts/add-messages.ts messages.json\n");
  process.exit(2);
}
const additions = JSON.parse(readFileSync(input, "utf8")) as Record<string, Record<string, string>>;
for (const [id, byLocale] of Object.entries(additions)) {
  const missing = LOCALES.filter((l) => !byLocale[l]);
  if (missing.length) {
    process.stderr.write(`${id} lacks ${missing.join(", ")}\n`);
    process.exit(1);
  }
}
for (const locale of LOCALES) {
  const file = new URL(`../src/shared/i18n/${locale}.json`, import.meta.url);
  const catalog = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  for (const [id, byLocale] of Object.entries(additions)) catalog[id] = byLocale[locale]!;
  const sorted = Object.fromEntries(Object.entries(catalog).sort(([a], [b]) => a.localeCompare(b)));
  const tmp = `${file.pathname}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(tmp, file);
}
process.stdout.write(
  `${Object.keys(additions).length} message ids written to ${LOCALES.length} catalogs\n`,
);

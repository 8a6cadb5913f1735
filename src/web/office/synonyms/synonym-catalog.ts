// The product's wording of every visitor-facing message in one language, for the synonyms page:
// the catalog file as written (each language its own chunk, read only by this page), cut to the
// messages a vendor may reword (src/shared/i18n/synonym-rules.ts). English stands in for a message
// the language lacks, as it does on the visitor pages.
import type { Locale } from "../../../shared/domain.ts";
import { isVisitorMessageId } from "../../../shared/i18n/synonym-rules.ts";

// `?raw`: the text itself, not the parsed trees the visitor pages get (vite.config.ts).
const catalogs = import.meta.glob<string>("../../../shared/i18n/*.json", {
  query: "?raw",
  import: "default",
});

export type ProductMessage = { id: string; text: string };

async function read(locale: Locale): Promise<Record<string, string>> {
  const load = catalogs[`../../../shared/i18n/${locale}.json`];
  if (!load) throw new Error(`no message catalog for ${locale}`);
  return JSON.parse(await load()) as Record<string, string>;
}

export async function loadVisitorMessages(locale: Locale): Promise<ProductMessage[]> {
  const [english, own] = await Promise.all([
    read("en"),
    locale === "en" ? undefined : read(locale),
  ]);
  return Object.keys(english)
    .filter(isVisitorMessageId)
    .sort()
    .map((id) => ({ id, text: own?.[id] ?? english[id]! }));
}

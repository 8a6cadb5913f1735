// Which of a vendor's active snippets a visitor page shows now, and in which language: those whose
// window holds the moment (from starts_at inclusive to ends_at exclusive), for every location or
// for the page's location, in the visitor's language, else the vendor's default language, else
// English; a snippet written in none of them is not shown.
import type { PublicCxSnippet } from "../../shared/contracts/cx-snippet.ts";
import type { Locale } from "../../shared/domain.ts";
import type { LiveSnippet } from "./snippet-cache.ts";

export function snippetsInEffect(
  snippets: readonly LiveSnippet[],
  at: { now: Date; locationId: number | undefined; locale: Locale; defaultLanguage: Locale },
): PublicCxSnippet[] {
  const time = at.now.getTime();
  const languages = [...new Set<Locale>([at.locale, at.defaultLanguage, "en"])];
  const shown: PublicCxSnippet[] = [];
  for (const snippet of snippets) {
    if (snippet.startsAt && snippet.startsAt.getTime() > time) continue;
    if (snippet.endsAt && snippet.endsAt.getTime() <= time) continue;
    if (snippet.locationId !== null && snippet.locationId !== at.locationId) continue;
    const lang = languages.find((language) => snippet.content[language]);
    if (lang === undefined) continue;
    shown.push({
      id: String(snippet.id),
      type: "cx-snippets",
      attributes: { kind: snippet.kind, tone: snippet.tone, html: snippet.content[lang]!, lang },
    });
  }
  return shown;
}

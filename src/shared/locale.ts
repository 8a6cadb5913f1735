// Picks one of the product's eight locales from a `lang` parameter or an Accept-Language header.
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./domain.ts";

const byLowerCase = new Map<string, Locale>(LOCALES.map((l) => [l.toLowerCase(), l]));
// Bare language codes map to the variant we ship ("pt" → pt-BR, "zh" → zh-CN).
const byLanguage = new Map<string, Locale>(LOCALES.map((l) => [l.split("-")[0]!.toLowerCase(), l]));

/** The supported locale closest to `tag` ("pt-PT" → pt-BR, "zh-Hans-CN" → zh-CN), or undefined. */
export function matchLocale(
  tag: string | null | undefined,
  available: readonly Locale[] = LOCALES,
): Locale | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase().replace("_", "-");
  const exact = byLowerCase.get(lower);
  if (exact && available.includes(exact)) return exact;
  const language = byLanguage.get(lower.split("-")[0] ?? "");
  return language && available.includes(language) ? language : undefined;
}

/** Best locale for an Accept-Language header, honouring q-values; falls back to `fallback`. */
export function negotiateLocale(
  header: string | null | undefined,
  available: readonly Locale[] = LOCALES,
  fallback: Locale = DEFAULT_LOCALE,
): Locale {
  if (!header) return available.includes(fallback) ? fallback : (available[0] ?? DEFAULT_LOCALE);
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const match = matchLocale(tag, available);
    if (match) return match;
  }
  return available.includes(fallback) ? fallback : (available[0] ?? DEFAULT_LOCALE);
}

/** Korean and Chinese write the family name first: their forms ask for it first too. */
export const familyNameFirst = (locale: string): boolean => /^(ko|zh)\b/.test(locale);

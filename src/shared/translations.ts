// Picks a translated field (spec §3 translations: locale, field, content) with a fallback.
export type Translation = { locale: string; field: string; content: string };

export function translated(
  translations: readonly Translation[] | null | undefined,
  field: string,
  locale: string,
  fallback: string,
): string {
  if (!translations?.length) return fallback;
  const exact = translations.find((t) => t.field === field && t.locale === locale);
  if (exact?.content) return exact.content;
  const language = locale.split("-")[0];
  const near = translations.find((t) => t.field === field && t.locale.split("-")[0] === language);
  return near?.content || fallback;
}

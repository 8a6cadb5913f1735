// Server-side message formatting from the same ICU catalogs the web app uses (src/shared/i18n),
// so an error detail reads the same as the form's own message, and vendor synonyms override both.
import { IntlMessageFormat } from "intl-messageformat";
import { DEFAULT_LOCALE, type Locale } from "../../shared/domain.ts";
import en from "../../shared/i18n/en.json" with { type: "json" };
import es from "../../shared/i18n/es.json" with { type: "json" };
import fr from "../../shared/i18n/fr.json" with { type: "json" };
import ko from "../../shared/i18n/ko.json" with { type: "json" };
import pl from "../../shared/i18n/pl.json" with { type: "json" };
import ptBR from "../../shared/i18n/pt-BR.json" with { type: "json" };
import ru from "../../shared/i18n/ru.json" with { type: "json" };
import zhCN from "../../shared/i18n/zh-CN.json" with { type: "json" };

const catalogs: Record<Locale, Record<string, string>> = {
  en,
  es,
  fr,
  ko,
  pl,
  "pt-BR": ptBR,
  ru,
  "zh-CN": zhCN,
};

export type Synonyms = Partial<Record<Locale, Record<string, string>>>;

export function translate(
  locale: Locale,
  id: string,
  values?: Record<string, string | number>,
  synonyms?: Synonyms,
): string {
  const source =
    synonyms?.[locale]?.[id] ?? catalogs[locale][id] ?? catalogs[DEFAULT_LOCALE][id] ?? id;
  try {
    return String(new IntlMessageFormat(source, locale).format(values));
  } catch {
    return source;
  }
}

/** The product's own wording of a message in `locale` (English when untranslated), or undefined. */
export function productMessage(locale: Locale, id: string): string | undefined {
  return catalogs[locale][id] ?? catalogs[DEFAULT_LOCALE][id];
}

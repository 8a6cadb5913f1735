// Each language named in itself, as language pickers show them: a visitor looks for their own
// language's name, whatever language the page is in now.
import type { Locale } from "../../shared/domain.ts";

export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  ko: "한국어",
  pl: "Polski",
  "pt-BR": "Português (Brasil)",
  ru: "Русский",
  "zh-CN": "简体中文",
};

// The page language and the way to change it, for the language picker and for URL builders that
// carry `lang` (confirmation links, book-another).
import { createContext, useContext } from "react";
import { DEFAULT_LOCALE, type Locale } from "../../shared/domain.ts";

export type LocaleState = {
  locale: Locale;
  available: readonly Locale[];
  setLocale: (locale: Locale) => void;
};

export const LocaleContext = createContext<LocaleState>({
  locale: DEFAULT_LOCALE,
  available: [DEFAULT_LOCALE],
  setLocale: () => {},
});

export function useLocale(): LocaleState {
  return useContext(LocaleContext);
}

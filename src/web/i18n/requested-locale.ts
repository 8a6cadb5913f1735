// The language the visitor asked for: ?lang= in the URL, else their earlier choice in this tab.
// The server (GET /api/v2/open/vendor) settles it against the vendor's languages.
import { LOCALES, type Locale } from "../../shared/domain.ts";
import { matchLocale } from "../../shared/locale.ts";
import { chooseLocale } from "./choose-locale.ts";

const STORAGE_KEY = "nextline.locale";

export function requestedLocale(search: URLSearchParams): Locale | null {
  return matchLocale(search.get("lang")) ?? matchLocale(readStoredLocale()) ?? null;
}

/** The likely page language before the vendor answers, so its catalog can load alongside. */
export function likelyLocale(search: URLSearchParams): Locale {
  return chooseLocale({
    query: search.get("lang"),
    stored: readStoredLocale(),
    browser: navigator.languages,
    available: LOCALES,
    vendorDefault: "en",
  });
}

export function rememberLocale(locale: Locale) {
  try {
    sessionStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // storage disabled: the choice still lives in ?lang=
  }
}

function readStoredLocale(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled (private mode, sandboxed frame): the URL and browser still decide
  }
}

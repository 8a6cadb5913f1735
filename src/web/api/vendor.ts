// GET /api/v2/open/vendor: the page's initial state — name, theme, languages, settings, and the
// anti-forgery token. The server also picks the page language (?lang=, then Accept-Language, within
// the vendor's languages) and sends that language's message overrides. No vendor (404) → defaults.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { VendorResource } from "../../shared/contracts/vendor.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../shared/domain.ts";
import { OWN_LOGO_PATH } from "../../shared/logo-path.ts";
import type { ThemeColours } from "../../shared/theme-colours.ts";
import type { Theme } from "../../shared/vendor-settings.ts";
import { chooseLocale } from "../i18n/choose-locale.ts";
import { paths } from "../paths.ts";
import { ApiError, api, setCsrfToken } from "./client.ts";

export type { VendorResource };

type VendorDocument = { data: VendorResource; meta?: { csrf_token?: string } };

/** The defaults of spec §1 (the server's themeSchema defaults, repeated so zod stays off the page). */
export const DEFAULT_THEME: Theme = {
  primary_colour: "#2979FF",
  secondary_colour: "#263238",
  font_family: "Roboto",
  font_weight_normal: 400,
  font_weight_bold: 500,
  logo_url: null,
};

/** themeColours(DEFAULT_THEME), written out so the contrast maths stays off the page (a test checks). */
export const DEFAULT_THEME_COLOURS: ThemeColours = {
  on_primary: "#000000",
  primary_text: "#246AE0",
  on_secondary: "#FFFFFF",
  secondary_text: "#263238",
};

export type VendorInfo = {
  /** null when no vendor answers for this host */
  id: string | null;
  name: string;
  homepage: string | null;
  privateLabel: boolean;
  theme: Theme;
  /** text colours that meet AA with the theme, worked out by the server */
  themeColours: ThemeColours;
  languages: readonly Locale[];
  /** the page language the server chose for this request */
  locale: Locale;
  /** message overrides in `locale` (spec §5 "overridden by vendor synonyms") */
  synonyms: Record<string, string>;
  /** everything else the server sent, for pages that need more; null without a vendor */
  attributes: VendorResource["attributes"] | null;
};

/** The product's own defaults, for an install or host without a vendor. */
export function defaultVendor(locale: Locale = DEFAULT_LOCALE): VendorInfo {
  return {
    id: null,
    name: "Nextline",
    homepage: null,
    privateLabel: false,
    theme: DEFAULT_THEME,
    themeColours: DEFAULT_THEME_COLOURS,
    languages: LOCALES,
    locale,
    synonyms: {},
    attributes: null,
  };
}

/**
 * `requested` is the language asked for (?lang= or the visitor's earlier choice), or null to let
 * the browser's Accept-Language decide.
 */
export async function getVendor(requested: string | null): Promise<VendorInfo> {
  const browser = typeof navigator === "undefined" ? [] : navigator.languages;
  try {
    const document = await api.get<VendorDocument>(paths.api.vendor(), {
      query: { lang: requested ?? undefined },
      acceptLanguage: browser.join(",") || DEFAULT_LOCALE,
    });
    setCsrfToken(document.meta?.csrf_token ?? null);
    return readVendor(document.data);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    const available = LOCALES;
    return defaultVendor(
      chooseLocale({ query: requested, stored: null, browser, available, vendorDefault: "en" }),
    );
  }
}

export const vendorQueryOptions = (requested: string | null) =>
  queryOptions({
    queryKey: ["vendor", requested],
    queryFn: () => getVendor(requested),
    staleTime: 5 * 60_000,
  });

/** While another language's vendor state loads, the page keeps showing the previous one. */
export function useVendor(requested: string | null) {
  return useQuery({ ...vendorQueryOptions(requested), placeholderData: keepPreviousData });
}

export function readVendor(resource: VendorResource): VendorInfo {
  const { attributes } = resource;
  return {
    id: resource.id,
    name: attributes.name,
    homepage: safeHttpUrl(attributes.homepage),
    privateLabel: attributes.private_label,
    theme: {
      ...attributes.theme,
      logo_url: logoUrl(attributes.theme.logo_url ?? attributes.logo),
    },
    themeColours: attributes.theme_colours,
    languages: attributes.languages.available,
    locale: attributes.languages.current,
    synonyms: attributes.synonyms,
    attributes,
  };
}

/** The logo uploaded on settings/branding (a path on this origin), or an http(s) image elsewhere. */
function logoUrl(value: string | null | undefined): string | null {
  return value && OWN_LOGO_PATH.test(value) ? value : safeHttpUrl(value);
}

/** Only http(s) links reach an href or src: a javascript: homepage must not become a link. */
function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

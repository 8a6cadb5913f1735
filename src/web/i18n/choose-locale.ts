// Decides the page language: ?lang= first, then the visitor's earlier choice, then the browser's
// languages, then the vendor's default — always one the vendor offers (spec §1, §2 lang parameter).
import type { Locale } from "../../shared/domain.ts";
import { matchLocale, negotiateLocale } from "../../shared/locale.ts";

export type LocaleSources = {
  query: string | null;
  stored: string | null;
  browser: readonly string[];
  available: readonly Locale[];
  vendorDefault: Locale;
};

export function chooseLocale({
  query,
  stored,
  browser,
  available,
  vendorDefault,
}: LocaleSources): Locale {
  return (
    matchLocale(query, available) ??
    matchLocale(stored, available) ??
    negotiateLocale(browser.join(","), available, vendorDefault)
  );
}

// None of the eight shipped languages is written right to left; the check keeps `dir` honest if one is added.
const RIGHT_TO_LEFT = new Set(["ar", "he", "fa", "ur", "ps", "sd", "yi", "dv", "ug", "ckb"]);

export function textDirection(locale: string): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.has(locale.split("-")[0]!.toLowerCase()) ? "rtl" : "ltr";
}

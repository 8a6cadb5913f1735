// Applies the vendor theme (spec §1) as CSS custom properties on :root; CSS modules read only these,
// so a vendor's colours and fonts restyle every component without a rebuild.

import type { ThemeColours } from "../../shared/theme-colours.ts";
import type { Theme } from "../../shared/vendor-settings.ts";

// Roboto has no Korean or Chinese glyphs: the platforms' CJK fonts come before the generic family,
// in the page language's order (--font-cjk, global.css).
export const FALLBACK_FONTS =
  'Roboto, system-ui, -apple-system, "Segoe UI", Arial, var(--font-cjk), sans-serif';

/**
 * The custom properties for a theme and the text colours the server worked out for it
 * (src/shared/theme-colours.ts): every colour pairing here meets WCAG AA for text.
 */
export function themeVariables(theme: Theme, colours: ThemeColours): Record<string, string> {
  return {
    "--color-primary": theme.primary_colour,
    "--color-on-primary": colours.on_primary,
    // Links, icons and focus rings sit on the light page and cards: the brand colour, darkened when too light.
    "--color-primary-text": colours.primary_text,
    "--color-secondary": theme.secondary_colour,
    "--color-on-secondary": colours.on_secondary,
    "--color-secondary-text": colours.secondary_text,
    "--font-family": `${cssFontName(theme.font_family)}, ${FALLBACK_FONTS}`,
    "--font-weight-normal": String(theme.font_weight_normal),
    "--font-weight-bold": String(theme.font_weight_bold),
  };
}

/**
 * A vendor-typed family name as one quoted CSS string, so it can never close the declaration; the
 * platform's interface font (settings/branding's "system-ui") is the generic family, unquoted.
 */
export function cssFontName(family: string): string {
  if (family === "system-ui") return "system-ui";
  const safe = family.replace(/["\\;{}<>\n\r]/g, "").trim();
  return `"${safe || "Roboto"}"`;
}

export function applyTheme(
  theme: Theme,
  colours: ThemeColours,
  root: HTMLElement = document.documentElement,
) {
  for (const [name, value] of Object.entries(themeVariables(theme, colours)))
    root.style.setProperty(name, value);
}

// The text colours a vendor's theme needs beside its own two (spec §1 theme): text on each brand
// colour, and each brand colour made dark enough for links, icons and focus rings on the light
// page. The server works them out and sends them with the vendor's state, so the contrast maths
// (src/shared/colour-contrast.ts) stays off the visitor pages' first load.
import { readableTextOn, withContrastAgainst } from "./colour-contrast.ts";
import type { Theme } from "./vendor-settings.ts";

/** The darker of the two light surfaces (page #F4F6F8, cards #FFFFFF): text that passes here passes on both. */
export const PAGE_BACKGROUND = "#F4F6F8";

export type ThemeColours = {
  /** text on the primary colour: white or black, whichever reaches AA */
  on_primary: string;
  /** the primary colour, darkened where needed to reach AA on the page */
  primary_text: string;
  on_secondary: string;
  secondary_text: string;
};

export function themeColours(
  theme: Pick<Theme, "primary_colour" | "secondary_colour">,
): ThemeColours {
  return {
    on_primary: readableTextOn(theme.primary_colour),
    primary_text: withContrastAgainst(theme.primary_colour, PAGE_BACKGROUND),
    on_secondary: readableTextOn(theme.secondary_colour),
    secondary_text: withContrastAgainst(theme.secondary_colour, PAGE_BACKGROUND),
  };
}

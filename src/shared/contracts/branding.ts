// The vendor's branding as settings/branding edits it, under /api/internal/v1/settings/branding: GET
// answers the theme with `ETag: "<settings version>"` (the one version every settings page shares);
// PUT replaces colours, font and weights with that version as If-Match (409 `version_conflict` with
// the theme as it is now when another save came first). The logo has its own calls (POST/DELETE
// /settings/branding/logo) because it is a file; theme.logo_url is read-only here. Messages are
// catalog ids.
import { z } from "zod";
import { themeSchema } from "../vendor-settings.ts";

/**
 * The font families a vendor may choose: the ones the product hosts itself (src/web/ui/fonts.css),
 * so no visitor page ever loads a font from elsewhere, and the platform's own interface font.
 */
export const BRANDING_FONTS = ["Roboto", "system-ui"] as const;
export type BrandingFont = (typeof BRANDING_FONTS)[number];

/** The weights the page offers; Roboto is hosted at 400 and 500, the browser draws the others. */
export const BRANDING_WEIGHTS = [300, 400, 500, 600, 700] as const;

/** The largest logo accepted, in bytes: a header image, not a photograph. */
export const LOGO_MAX_BYTES = 512 * 1024;
/** The largest logo side in pixels, checked from the file's header. */
export const LOGO_MAX_SIDE = 4096;
/** What a logo may be; SVG is refused as it can carry scripts and links. */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

const colour = z
  .string("Branding.error_colour")
  .regex(/^#[0-9a-fA-F]{6}$/, "Branding.error_colour");
const weight = z
  .number("Branding.error_weight")
  .int("Branding.error_weight")
  .min(100, "Branding.error_weight")
  .max(900, "Branding.error_weight")
  .multipleOf(100, "Branding.error_weight");

/** What PUT /settings/branding replaces. */
export const brandingInputSchema = z
  .strictObject({
    primary_colour: colour,
    secondary_colour: colour,
    font_family: z.enum(BRANDING_FONTS, "Branding.error_font"),
    font_weight_normal: weight,
    font_weight_bold: weight,
    logo_url: z
      .unknown()
      .optional()
      .describe("read-only: the logo calls change it; a value sent here is ignored"),
  })
  .superRefine((value, context) => {
    if (value.font_weight_bold <= value.font_weight_normal) {
      context.addIssue({
        code: "custom",
        path: ["font_weight_bold"],
        message: "Branding.error_bold_not_heavier",
      });
    }
  });
export type BrandingInput = z.output<typeof brandingInputSchema>;

export const brandingResourceSchema = z.object({
  type: z.literal("vendor-settings"),
  id: z.literal("branding"),
  attributes: themeSchema,
  meta: z.object({
    version: z.number().int().describe("the vendor's settings version: If-Match of a save"),
  }),
});
export const brandingDocumentSchema = z.object({ data: brandingResourceSchema });
export type BrandingDocument = z.output<typeof brandingDocumentSchema>;

export const brandingBodySchema = z.strictObject({
  data: z.strictObject({
    type: z.literal("vendor-settings", "Errors.invalid_value"),
    id: z.literal("branding", "Errors.invalid_value").optional(),
    attributes: brandingInputSchema,
  }),
});

/** The public address of a stored logo: it changes with the file, so it is cached for good. */
export function logoPath(vendorId: number, sha256: string, type: LogoType): string {
  return `/assets/logos/${vendorId}/${sha256}.${LOGO_EXTENSIONS[type]}`;
}

export const LOGO_EXTENSIONS: Record<LogoType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

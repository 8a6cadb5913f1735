// The address of a logo uploaded on settings/branding, served by this install (same origin). Kept
// apart from the zod schemas so the visitor pages can recognise it without loading zod.
export const OWN_LOGO_PATH = /^\/assets\/logos\/\d{1,9}\/[0-9a-f]{64}\.(?:png|jpg|webp)$/;

// Vendor-managed snippets of the visitor pages (docs/cx-snippets.md): announcements shown as a
// banner atop the visitor pages and notices shown beside the form, each written per language.
// The back office edits them under /api/internal/v1/cx-snippets (settings.manage); visitors read
// the ones in effect now, in their language, from GET /cx/snippets/api/v1/cx_snippets.
// `content` is limited HTML per locale, sanitised on save (and again on render) to the allow-list
// in src/shared/cx-snippet-html.ts. Messages are catalog ids.
import { z } from "zod";
import { LOCALES } from "../domain.ts";
import { storableText } from "../queue/storable-text.ts";
import { resourceIdString, resourceIdValue } from "./resource-id.ts";

export const CX_SNIPPET_KINDS = ["announcement", "notice"] as const;
export type CxSnippetKind = (typeof CX_SNIPPET_KINDS)[number];
export const CX_SNIPPET_TONES = ["info", "warning", "success"] as const;
export type CxSnippetTone = (typeof CX_SNIPPET_TONES)[number];

export const CX_SNIPPET_NAME_MAX = 200;
/** characters of HTML per language, before sanitising */
export const CX_SNIPPET_HTML_MAX = 5_000;
export const CX_SNIPPET_SORT_MAX = 10_000;

const instant = z.iso.datetime({ offset: true, message: "Errors.invalid_value" });

/** { "en": "<p>…</p>", "fr": "<p>…</p>" }: only the product's locales, each at most 5,000 chars. */
export const cxSnippetContentSchema = z.partialRecord(
  z.enum(LOCALES, "Errors.invalid_value"),
  storableText(CX_SNIPPET_HTML_MAX),
);

const cxSnippetAttributes = z.strictObject({
  name: storableText(CX_SNIPPET_NAME_MAX).refine((v) => v.trim() !== "", "Errors.required"),
  kind: z.enum(CX_SNIPPET_KINDS, "Errors.invalid_value"),
  tone: z.enum(CX_SNIPPET_TONES, "Errors.invalid_value"),
  content: cxSnippetContentSchema,
  /** null: shown at every location */
  location_id: resourceIdValue.nullable(),
  starts_at: instant.nullable(),
  ends_at: instant.nullable(),
  active: z.boolean("Errors.invalid_value"),
  sort_order: z
    .number("Errors.invalid_value")
    .int("Errors.invalid_value")
    .min(0, "Errors.invalid_value")
    .max(CX_SNIPPET_SORT_MAX, "Errors.invalid_value"),
});

/** POST: a new snippet; name, kind and content are needed, the rest has defaults. */
export const cxSnippetCreateSchema = z.strictObject({
  data: z.strictObject({
    type: z.literal("cx-snippets", "Errors.invalid_value"),
    attributes: cxSnippetAttributes.partial().required({ name: true, kind: true, content: true }),
  }),
});
export type CxSnippetCreateInput = z.input<typeof cxSnippetCreateSchema>;
export type CxSnippetCreate = z.output<typeof cxSnippetCreateSchema>["data"]["attributes"];

/** PATCH: the fields to change (content replaces every language at once). */
export const cxSnippetPatchSchema = z.strictObject({
  data: z.strictObject({
    type: z.literal("cx-snippets", "Errors.invalid_value"),
    id: z.string().max(32).optional(),
    attributes: cxSnippetAttributes.partial(),
  }),
});
export type CxSnippetPatchInput = z.input<typeof cxSnippetPatchSchema>;
export type CxSnippetChanges = z.output<typeof cxSnippetPatchSchema>["data"]["attributes"];

export const cxSnippetResourceSchema = z.object({
  type: z.literal("cx-snippets"),
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    kind: z.enum(CX_SNIPPET_KINDS),
    tone: z.enum(CX_SNIPPET_TONES),
    content: z.record(z.string(), z.string()).describe("sanitised HTML per locale"),
    location_id: z.string().nullable(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    active: z.boolean(),
    sort_order: z.number(),
    version: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
});
export type CxSnippetResource = z.output<typeof cxSnippetResourceSchema>;

export const cxSnippetDocumentSchema = z.object({ data: cxSnippetResourceSchema });
export const cxSnippetListSchema = z.object({ data: z.array(cxSnippetResourceSchema) });

/** The open route's query: the location whose snippets are shown beside the vendor-wide ones. */
export const publicCxSnippetQuerySchema = z.strictObject({
  location_id: resourceIdString.optional().describe("also this location's own snippets"),
  lang: z.string().max(35).optional().describe("the page language, before Accept-Language"),
});

/** One snippet as a visitor page shows it: the HTML of one language. */
export const publicCxSnippetSchema = z.object({
  id: z.string(),
  type: z.literal("cx-snippets"),
  attributes: z.object({
    kind: z.enum(CX_SNIPPET_KINDS),
    tone: z.enum(CX_SNIPPET_TONES),
    html: z.string().describe("sanitised HTML (p, br, strong, em, a, ul, ol, li)"),
    lang: z.enum(LOCALES).describe("the language of `html`"),
  }),
});
export type PublicCxSnippet = z.output<typeof publicCxSnippetSchema>;
export const publicCxSnippetListSchema = z.object({ data: z.array(publicCxSnippetSchema) });

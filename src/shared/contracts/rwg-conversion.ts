// POST /api/v2/open/rwg-track-conversion: a reserve-with-a-search-engine conversion token, and
// the conversion resource the server answers with.
import { z } from "zod";
import { storableText } from "../queue/storable-text.ts";

export const rwgConversionBodySchema = z
  .object({
    rwg_token: storableText(1000).min(1, "Errors.required"),
    merchant_changed: z
      .union([z.boolean(), z.literal(0), z.literal(1)])
      .describe("the chosen location differs from the original"),
  })
  .strict();

export const rwgConversionDocumentSchema = z.object({
  data: z.object({
    type: z.literal("rwg-conversions"),
    id: z.string(),
    attributes: z.object({ merchant_changed: z.boolean(), created: z.string() }),
  }),
});

// GET /api/v2/open/places?q=: the query and the place suggestions the location finder's search
// shows (spec §3 "Place suggestions"), from the install's geocoder.
import { z } from "zod";
import { storableText } from "../queue/storable-text.ts";

export const placesQuerySchema = z.object({
  q: storableText(200)
    .refine((value) => value.trim().length >= 2, "Errors.invalid_value")
    .describe("what the visitor typed, at least 2 characters"),
  limit: z.coerce.number().int().min(1).max(10).default(5),
});

export const placeSuggestionSchema = z.object({
  type: z.literal("location-suggestions"),
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    formatted_address: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
});

export const placeSuggestionListDocumentSchema = z.object({ data: z.array(placeSuggestionSchema) });
export type PlaceSuggestionListDocument = z.output<typeof placeSuggestionListDocumentSchema>;

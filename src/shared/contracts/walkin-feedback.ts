// POST /api/v3/open/walkin-feedback (spec §7): a visitor's rating of a completed visit, with its
// queue appointment and confirm code, and the feedback resource the server answers with.
import { z } from "zod";
import { MAX_EXPERIENCE_LENGTH, ratingSchema } from "../queue/feedback-schema.ts";
import { storableText } from "../queue/storable-text.ts";
import { resourceIdValue } from "./resource-id.ts";

export const feedbackBodySchema = z
  .object({
    queue_appointment: resourceIdValue.describe("the queue appointment id"),
    code: z.string().max(200).describe("its confirm code"),
    rating: ratingSchema.describe("0 to 5 in half steps"),
    experience: storableText(MAX_EXPERIENCE_LENGTH).nullish(),
  })
  .strict();

export const feedbackDocumentSchema = z.object({
  data: z.object({
    type: z.literal("feedback"),
    id: z.string(),
    attributes: z.object({
      rating: z.number(),
      experience: z.string().nullable(),
      created: z.string(),
    }),
  }),
});
export type FeedbackBody = z.input<typeof feedbackBodySchema>;

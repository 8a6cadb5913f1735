// Feedback on a completed visit (spec §3 Feedback, §5): a rating from 0 to 5 in half steps and an
// optional experience text. The rating is stored doubled so half stars stay integers.
import { z } from "zod";
import { QUEUE_MESSAGES as M } from "./queue-messages.ts";
import { storableText } from "./storable-text.ts";

export const MAX_EXPERIENCE_LENGTH = 5000;

export const ratingSchema = z
  .number(M.ratingRequired)
  .min(0, M.ratingHalfSteps)
  .max(5, M.ratingHalfSteps)
  .refine((rating) => Number.isInteger(rating * 2), M.ratingHalfSteps);

export const feedbackInputSchema = z
  .object({
    rating: ratingSchema,
    experience: storableText(MAX_EXPERIENCE_LENGTH).nullish(),
  })
  .strict();

/** 4.5 → 9: how a rating is stored (feedback.rating_halves). */
export function ratingToHalves(rating: number): number {
  return Math.round(rating * 2);
}

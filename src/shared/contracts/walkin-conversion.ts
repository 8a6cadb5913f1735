// GET /api/v2/open/walkin-conversion (spec §4 Convert): the booking-flow URL that turns a waiting
// queue place into an appointment, asked for with the place's id and confirm code.
import { z } from "zod";

export const walkinConversionQuerySchema = z.object({
  id: z.string().max(32).optional(),
  confirm_code: z.string().max(200).optional(),
});

export const walkinConversionAnswerSchema = z.object({ url: z.string() });
export type WalkinConversionAnswer = z.output<typeof walkinConversionAnswerSchema>;

// The JSON:API document of POST /api/internal/v1/locations/{id}/queue: the open join document
// (queue-appointment-join.ts) without what the path or the desk decides (location, page mode,
// tracking), plus the channel the visitor came through.
import { z } from "zod";
import { joinDocumentSchema } from "./queue-appointment-join.ts";

/** The channels a staff member adds a visitor through: the front desk, or a call to the contact centre. */
export const DESK_BOOKING_SOURCES = ["lobby", "call_centre"] as const;

const join = joinDocumentSchema.shape.data;

const attributes = join.shape.attributes
  .pick({
    service_id: true,
    meeting_method: true,
    fulfillment_method: true,
    car_details: true,
    notes: true,
    lang: true,
  })
  .extend({
    booked_through: z
      .enum(DESK_BOOKING_SOURCES)
      .optional()
      .describe("lobby (default) or call_centre (the default for contact centre staff)"),
  })
  .strict();

export const walkInDocumentSchema = z
  .object({ data: join.extend({ attributes }).strict() })
  .strict();
export type WalkInDocument = z.output<typeof walkInDocumentSchema>;

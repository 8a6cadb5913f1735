// The JSON:API document of POST /api/internal/v1/locations/{id}/queue: the open join document
// (src/server/queue/join-document.ts) without what the path or the desk decides (location, page
// mode, tracking), plus the channel the visitor came through.
import { z } from "zod";
import type { JoinDocument } from "../queue/join-document.ts";
import { joinDocumentSchema } from "../queue/join-document.ts";

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

/** The open join document for the location, so the open join's rules and pointers apply as they are. */
export function joinDocumentOf(document: WalkInDocument, locationId: number): JoinDocument {
  const { booked_through: _channel, ...rest } = document.data.attributes;
  return { data: { ...document.data, attributes: { ...rest, location_id: locationId } } };
}

// GET /api/v2/open/queue-appointments-services/{locationId} (spec §7): data[0] the services of a
// location's line as the form's dropdown items, data[1] the location's current wait-time list.
import { z } from "zod";

/** A service as the callback form's dropdown item (spec §3 Service), with the fulfillments it has here. */
export const serviceOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  instructions: z.string().nullable(),
  text: z.string(),
  value: z.string(),
  supportsCurbsidePickup: z.boolean(),
  supportsWalkin: z.boolean(),
  meetingMethods: z
    .array(z.number())
    .describe("the meeting methods the service is offered by: 1 in person, 2 phone, 3 video"),
});
export type ServiceOption = z.output<typeof serviceOptionSchema>;

export const waitTimeEntrySchema = z.object({
  id: z.string(),
  expected_start: z.string().nullable(),
});
/** A waiting visitor in the services endpoint's list: flat, unlike the realtime `WaitTimeEntry`. */
export type WaitListEntry = z.output<typeof waitTimeEntrySchema>;

export const locationServicesDocumentSchema = z.object({
  data: z.tuple([z.array(serviceOptionSchema), z.array(waitTimeEntrySchema)]),
});
export type LocationServicesDocument = z.output<typeof locationServicesDocumentSchema>;

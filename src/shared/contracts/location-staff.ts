// GET /api/v2/open/locations/{id}/staff?service_id= (docs/api.md "Appointments"): the staff who
// serve a service at a location, for the booking's staff step, named as the availability answer
// names them (first name and last initial).
import { z } from "zod";
import { availabilityStaffSchema } from "./availability.ts";

export const locationStaffDocumentSchema = z.object({ data: z.array(availabilityStaffSchema) });
export type LocationStaffDocument = z.output<typeof locationStaffDocumentSchema>;
export type StaffMemberResource = z.output<typeof availabilityStaffSchema>;

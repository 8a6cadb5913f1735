// Resource ids on the wire: in a path or query ("42") and inside a JSON body, bounded so they can
// never overflow an integer column.
import { z } from "zod";

/** Largest value of a PostgreSQL integer column; larger ids cannot exist, so they are "not found". */
export const MAX_ID = 2_147_483_647;

/** A resource id as it appears in a path or query ("42"); parses to a number. */
export const resourceIdString = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "Errors.invalid_value")
  .transform(Number)
  .refine((id) => id <= MAX_ID, "Errors.invalid_value");

/** An id inside a JSON body: a JSON:API string id or a plain positive integer. */
export const resourceIdValue = z.union([
  z.number().int().positive().max(MAX_ID),
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "Errors.invalid_value")
    .transform(Number)
    .refine((id) => id <= MAX_ID, "Errors.invalid_value"),
]);

// The back office's rooms (docs/admin-groups-rooms.md): GET|POST /api/internal/v1/rooms,
// GET|PATCH /api/internal/v1/rooms/{id}. A room belongs to the one location it was created at.
import { z } from "zod";
import { storableText } from "../queue/storable-text.ts";
import { resourceIdString, resourceIdValue } from "./resource-id.ts";

export const ROOM_NAME_MAX = 200;
export const ROOM_NOTES_MAX = 2_000;
export const ROOM_CAPACITY_MIN = 1;
export const ROOM_CAPACITY_MAX = 500;

const roomAttributes = z
  .object({
    name: storableText(ROOM_NAME_MAX).refine((v) => v.trim() !== "", "Errors.required"),
    capacity: z
      .number("Errors.invalid_value")
      .int("Errors.invalid_value")
      .min(ROOM_CAPACITY_MIN, "Errors.invalid_value")
      .max(ROOM_CAPACITY_MAX, "Errors.invalid_value"),
    notes: storableText(ROOM_NOTES_MAX).nullable(),
    archived: z.boolean("Errors.invalid_value"),
  })
  .strict();

/** POST: a new room at one of the caller's locations; name, capacity and location are needed. */
export const roomCreateSchema = z
  .object({
    data: z
      .object({
        type: z.literal("rooms", "Errors.invalid_value"),
        attributes: roomAttributes
          .partial()
          .extend({ location_id: resourceIdValue })
          .required({ name: true, capacity: true })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type RoomCreateInput = z.input<typeof roomCreateSchema>;

/** PATCH: the fields to change; a room stays at its location. */
export const roomPatchSchema = z
  .object({
    data: z
      .object({
        type: z.literal("rooms", "Errors.invalid_value"),
        id: z.string().max(32).optional(),
        attributes: roomAttributes.partial().strict(),
      })
      .strict(),
  })
  .strict();
export type RoomPatchInput = z.input<typeof roomPatchSchema>;
export type RoomChanges = z.output<typeof roomPatchSchema>["data"]["attributes"];

export const roomResourceSchema = z.object({
  type: z.literal("rooms"),
  id: z.string(),
  attributes: z.object({
    location_id: z.string(),
    name: z.string(),
    capacity: z.number(),
    notes: z.string().nullable(),
    archived: z.boolean(),
    version: z.number(),
    created_at: z.string(),
  }),
});
export type RoomResource = z.output<typeof roomResourceSchema>;

export const roomDocumentSchema = z.object({ data: roomResourceSchema });
export const roomListSchema = z.object({ data: z.array(roomResourceSchema) });

export const roomListQuerySchema = z
  .object({
    location_id: resourceIdString.optional().describe("only the rooms of this location"),
    archived: z
      .enum(["true", "false", "all"], "Errors.invalid_value")
      .default("false")
      .describe("false (default): current rooms; true: archived ones; all: both"),
  })
  .strict();

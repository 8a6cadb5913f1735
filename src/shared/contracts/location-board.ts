// GET /api/v2/open/locations/{id}/board: the public lobby board of a location (spec §1 "TV
// display"): now serving with desk or staff — visitors called to a desk and those in a meeting —,
// next up, and the wait of a visitor joining now.
import { z } from "zod";

export const locationBoardDocumentSchema = z.object({
  data: z.object({
    type: z.literal("location-boards"),
    id: z.string().describe("the location id"),
    attributes: z.object({
      location_name: z.string(),
      timezone: z.string(),
      now_serving: z.array(
        z.object({
          visitor: z
            .string()
            .nullable()
            .describe(
              "first name and last initial; null where the vendor's board shows tickets only",
            ),
          ticket: z
            .string()
            .nullable()
            .describe('the short ticket ("A-042"); null for places made before tickets'),
          state: z
            .enum(["called", "serving"])
            .describe("called: on their way to the desk; serving: in their meeting"),
          desk: z.string().nullable(),
          staff: z.string().nullable().describe("first name and last initial"),
          since: z.string().nullable(),
          last_called_at: z
            .string()
            .nullable()
            .describe("the latest call or recall: a board announces each new one"),
        }),
      ),
      next_up: z.array(
        z.object({
          visitor: z.string().nullable(),
          ticket: z.string().nullable(),
          position: z.number().int(),
        }),
      ),
      waiting_count: z.number().int(),
      wait_time: z
        .number()
        .int()
        .nullable()
        .describe("seconds a visitor joining now would wait; null when nobody can serve"),
      expected_start: z.string().nullable(),
      generated_at: z.string(),
      chime: z
        .boolean()
        .describe(
          "whether the board plays a chime with each new call (the vendor's board setting)",
        ),
    }),
  }),
});

export type LocationBoard = z.output<typeof locationBoardDocumentSchema>["data"]["attributes"];

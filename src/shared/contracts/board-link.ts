// The link of a location's lobby board (TV), for the back office:
// GET /api/internal/v1/locations/{id}/board-link (issues a token on first ask) and
// POST /api/internal/v1/locations/{id}/board-link/rotation (a new token; the old link stops working).
import { z } from "zod";

export const boardLinkDocumentSchema = z.object({
  data: z.object({
    type: z.literal("board-links"),
    id: z.string().describe("the location id"),
    attributes: z.object({
      path: z.string().describe("the board's address on the vendor's host, token included"),
      token: z.string(),
      visibility: z
        .enum(["public", "private"])
        .describe("a public location's board shows without the token too"),
    }),
  }),
});

export type BoardLink = z.output<typeof boardLinkDocumentSchema>["data"]["attributes"];

/** The query of the open board endpoint: the link's token, for a private location's board. */
export const boardQuerySchema = z.object({
  token: z.string().max(200).optional().describe("the board link's token (private locations)"),
});

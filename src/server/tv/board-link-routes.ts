// The board link of a location for those who manage it (tv_board.manage): read it (a token is issued
// on first ask) and rotate it (the old link stops working at once, the TVs showing it included once
// they re-read). A private location's board is readable only through this link.
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { boardLinkDocumentSchema } from "../../shared/contracts/board-link.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import { locations } from "../db/schema.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses } from "../http/json-api.ts";
import { findStaffLocation, pathId } from "../lobby/find-staff-location.ts";
import { generateSecretToken } from "../security/secret-token.ts";
import { boardPath } from "./board-access.ts";

const params = z.object({ id: z.string().max(32) }).strict();

export const boardLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const tags = ["locations"];

  const present = (location: { id: number; visibility: "public" | "private" }, token: string) => ({
    data: {
      type: "board-links" as const,
      id: String(location.id),
      attributes: {
        path: boardPath(location.id, token),
        token,
        visibility: location.visibility,
      },
    },
  });

  app.get(
    "/locations/:id/board-link",
    {
      preHandler: requireStaff("tv_board.manage"),
      schema: {
        tags,
        summary: "The link of a location's lobby board (TV); a token is issued on first ask",
        params,
        response: { 200: boardLinkDocumentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const location = await findStaffLocation(db, staffOf(request), pathId(request.params.id));
      let token = location.boardToken;
      if (!token) {
        // Two first asks at once issue one token: the second update finds it set and reads it.
        await db
          .update(locations)
          .set({ boardToken: generateSecretToken() })
          .where(and(eq(locations.id, location.id), isNull(locations.boardToken)));
        const [row] = await db
          .select({ boardToken: locations.boardToken })
          .from(locations)
          .where(eq(locations.id, location.id));
        token = row?.boardToken ?? null;
      }
      if (!token) throw new Error(`board token of location ${location.id} was not kept`);
      reply.type(JSON_API).header("cache-control", "no-store");
      return present(location, token);
    },
  );

  app.post(
    "/locations/:id/board-link/rotation",
    {
      preHandler: requireStaff("tv_board.manage"),
      schema: {
        tags,
        summary: "A new board link for a location; the old one stops working",
        params,
        response: { 200: boardLinkDocumentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const location = await findStaffLocation(db, staffOf(request), pathId(request.params.id));
      const token = generateSecretToken();
      await db.update(locations).set({ boardToken: token }).where(eq(locations.id, location.id));
      reply.type(JSON_API).header("cache-control", "no-store");
      return present(location, token);
    },
  );
};

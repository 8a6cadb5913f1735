// GET /api/v2/open/locations/{id}/board: the public lobby board of a location (spec §1 "TV
// display", mode=tv): now serving with desk or staff, next up, and the wait of a visitor joining
// now. Visitors appear by ticket and first name with last initial, or as the vendor's board
// setting says (name only, ticket only), never by full name; the setting also says how many rows each
// column names and whether the TV chimes. A private location's board needs its board link's
// `?token=` (board-link-routes.ts), unless the vendor made private boards public; without it the
// location is not found. The page re-reads it on the location's public WaitTimeRecalculated event,
// which every change of the line raises, and on BoardSettingsChanged after a settings save.
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { boardQuerySchema } from "../../shared/contracts/board-link.ts";
import { locationBoardDocumentSchema } from "../../shared/contracts/location-board.ts";
import { translated } from "../../shared/translations.ts";
import { locations } from "../db/schema.ts";
import { notFound } from "../http/app-error.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses, idParams } from "../http/json-api.ts";
import { mayReadBoard } from "./board-access.ts";
import { loadLocationBoard } from "./load-location-board.ts";

export const tvRoutes: FastifyPluginAsyncZod = async (app) => {
  const waits = app.caches.locationWaits;

  app.get(
    "/locations/:id/board",
    {
      schema: {
        tags: ["locations"],
        summary: "A location's lobby board: now serving, next up and the current wait",
        params: idParams,
        querystring: boardQuerySchema,
        response: { 200: locationBoardDocumentSchema, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const [row] = await app.database.db
        .select({
          id: locations.id,
          name: locations.name,
          address: locations.address,
          timezone: locations.timezone,
          translations: locations.translations,
          visibility: locations.visibility,
          boardToken: locations.boardToken,
        })
        .from(locations)
        .where(
          and(
            eq(locations.id, request.params.id),
            eq(locations.vendorId, vendor.id),
            isNull(locations.archivedAt),
          ),
        );
      // A private location's board without its link's token is as unknown as a missing location.
      const settings = vendor.settings.board;
      if (!row || !mayReadBoard(row, request.query.token, settings)) throw notFound();
      const scope = {
        vendorId: vendor.id,
        locationId: row.id,
        visitorDisplay: settings.visitor_display,
        rows: settings.rows,
      };
      const [board, [wait]] = await Promise.all([
        loadLocationBoard(app.database.db, scope),
        waits.forLocations(vendor.id, [row.id]),
      ]);
      reply.type(JSON_API).header("cache-control", "no-store");
      return {
        data: {
          type: "location-boards" as const,
          id: String(row.id),
          attributes: {
            location_name: translated(
              row.translations,
              "name",
              request.locale,
              row.name || row.address,
            ),
            timezone: row.timezone,
            now_serving: board.nowServing.map(({ lastCalledAt, ...row }) => ({
              ...row,
              last_called_at: lastCalledAt,
            })),
            next_up: board.nextUp,
            waiting_count: board.waitingCount,
            wait_time: wait ? wait.seconds : null,
            expected_start: wait ? wait.expectedStart : null,
            generated_at: new Date().toISOString(),
            chime: settings.chime,
          },
        },
      };
    },
  );
};

// GET /api/v2/open/places?q=: place suggestions for the location finder's search (spec §3 "Place
// suggestions", §7 "maps places service") from the configured Nominatim-compatible geocoder,
// limited to the countries the vendor has locations in, in the page language. Without
// GEOCODER_URL the page matches its own locations instead and this route answers 404.
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  placeSuggestionListDocumentSchema,
  placesQuerySchema,
} from "../../shared/contracts/place-suggestion.ts";
import { locations } from "../db/schema.ts";
import { AppError } from "../http/app-error.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses } from "../http/json-api.ts";
import {
  createNominatimGeocoder,
  type Geocoder,
  GeocoderUnavailableError,
} from "./nominatim-geocoder.ts";

/** Per visitor address: typing sends one request per pause (200 ms), so this is generous. */
const PLACES_PER_MINUTE = 60;

export const placeRoutes: FastifyPluginAsyncZod<{ geocoder?: Geocoder }> = async (app, options) => {
  const url = app.config.GEOCODER_URL;
  const geocoder =
    options.geocoder ??
    (url
      ? createNominatimGeocoder({
          url,
          userAgent: `Nextline location finder (${app.config.PUBLIC_URL})`,
        })
      : null);

  app.get(
    "/places",
    {
      config: { rateLimit: { max: PLACES_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ["places"],
        summary: "Place suggestions from the geocoder, in the vendor's countries",
        querystring: placesQuerySchema,
        response: {
          200: placeSuggestionListDocumentSchema,
          ...errorResponses(404, 422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      if (!geocoder)
        throw new AppError("not_found", {
          code: "geocoder_not_configured",
          messageId: "Errors.not_found",
        });
      const countryRows = await app.database.db
        .selectDistinct({ country: locations.country })
        .from(locations)
        .where(
          and(
            eq(locations.vendorId, vendor.id),
            eq(locations.visibility, "public"),
            isNull(locations.archivedAt),
          ),
        );
      let suggestions: Awaited<ReturnType<Geocoder["search"]>>;
      try {
        suggestions = await geocoder.search({
          query: request.query.q,
          language: request.locale,
          countries: countryRows.map((row) => row.country),
          limit: request.query.limit,
        });
      } catch (error) {
        if (!(error instanceof GeocoderUnavailableError)) throw error;
        request.log.warn({ err: error }, "place suggestions: geocoder unavailable");
        throw new AppError("unavailable", {
          code: "geocoder_unavailable",
          messageId: "Errors.unavailable",
        });
      }
      reply.type(JSON_API);
      return {
        data: suggestions.map((place) => ({
          type: "location-suggestions" as const,
          id: place.id,
          attributes: {
            name: place.name,
            formatted_address: place.formattedAddress,
            latitude: place.latitude,
            longitude: place.longitude,
          },
        })),
      };
    },
  );
};

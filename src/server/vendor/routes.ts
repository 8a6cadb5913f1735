// GET /api/v2/open/vendor: the initial state every public page loads first, with the CSRF token
// the page sends back on each state-changing call.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { vendorDocumentSchema } from "../../shared/contracts/vendor.ts";
import { issueCsrfToken } from "../http/csrf.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses } from "../http/json-api.ts";
import { presentVendor } from "./present-vendor.ts";

export const vendorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/vendor",
    {
      schema: {
        tags: ["vendor"],
        summary: "The public initial state of the vendor's pages, with a CSRF token",
        response: { 200: vendorDocumentSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const csrfToken = issueCsrfToken(reply);
      reply.type(JSON_API).header("cache-control", "no-store");
      const maps = {
        tileUrl: app.config.MAP_TILE_URL,
        places: app.config.GEOCODER_URL ? ("geocoder" as const) : ("offline" as const),
      };
      return {
        data: presentVendor(vendor, request.locale, maps),
        meta: { csrf_token: csrfToken },
      };
    },
  );
};

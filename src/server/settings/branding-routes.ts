// settings/branding under /api/internal/v1 (settings.manage): GET/PUT /settings/branding for the
// colours, font and weights (ETag / If-Match: the vendor's settings version), POST and DELETE
// /settings/branding/logo for the logo file, and the public GET /assets/logos/{vendor}/{sha256}.{ext}
// that serves it. docs/settings.md describes the page and where the visitor side honours it.
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  brandingBodySchema,
  brandingDocumentSchema,
  LOGO_MAX_BYTES,
} from "../../shared/contracts/branding.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses, versionConflictResponse } from "../http/json-api.ts";
import { ifMatchVersion, setVersionTag } from "../http/versioning.ts";
import {
  type BrandingState,
  deleteLogo,
  findLogo,
  loadBranding,
  saveBranding,
  saveLogo,
} from "./branding-store.ts";

const tags = ["settings"];

function sendBranding(reply: FastifyReply, state: BrandingState) {
  setVersionTag(reply, state.version);
  reply.type(JSON_API).header("cache-control", "no-store");
  return {
    data: {
      type: "vendor-settings" as const,
      id: "branding" as const,
      attributes: state.value,
      meta: { version: state.version },
    },
  };
}

const conflict = versionConflictResponse(brandingDocumentSchema.shape.data);

export const brandingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const preHandler = requireStaff("settings.manage");

  app.get(
    "/settings/branding",
    {
      preHandler,
      schema: {
        tags,
        summary: "The vendor's branding: colours, font, weights and logo address",
        response: { 200: brandingDocumentSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) =>
      sendBranding(reply, await loadBranding(db, staffOf(request).vendorId)),
  );

  app.put(
    "/settings/branding",
    {
      preHandler,
      schema: {
        tags,
        summary: "Replaces the vendor's colours, font and weights (the logo has its own calls)",
        body: brandingBodySchema,
        response: {
          200: brandingDocumentSchema,
          ...errorResponses(400, 401, 403, 422),
          409: conflict,
        },
      },
    },
    async (request, reply) => {
      const state = await saveBranding(
        db,
        app.events,
        staffOf(request),
        request.body.data.attributes,
        ifMatchVersion(request),
      );
      return sendBranding(reply, state);
    },
  );

  // The file arrives as the raw request body, whatever type it claims: the bytes decide (PNG, JPEG
  // or WebP). A body a little over the limit still reaches the check and gets its 422; one far
  // over it is cut off by the body limit (413) before it is read whole.
  await app.register(async (files) => {
    files.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    files.post(
      "/settings/branding/logo",
      {
        preHandler,
        bodyLimit: LOGO_MAX_BYTES * 4,
        schema: {
          tags,
          summary:
            "Uploads the logo (the file as the body: PNG, JPEG or WebP, at most 512 KB and 4096 px a side; SVG is refused)",
          response: {
            200: brandingDocumentSchema,
            ...errorResponses(400, 401, 403, 413, 422),
            409: conflict,
          },
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : undefined;
        const state = await saveLogo(
          db,
          app.events,
          staffOf(request),
          body ?? Buffer.alloc(0),
          ifMatchVersion(request),
        );
        return sendBranding(reply, state);
      },
    );
  });

  app.delete(
    "/settings/branding/logo",
    {
      preHandler,
      schema: {
        tags,
        summary: "Removes the logo: the visitor pages show the vendor's name instead",
        response: { 200: brandingDocumentSchema, ...errorResponses(400, 401, 403), 409: conflict },
      },
    },
    async (request, reply) =>
      sendBranding(
        reply,
        await deleteLogo(db, app.events, staffOf(request), ifMatchVersion(request)),
      ),
  );
};

const logoParams = z.object({ vendorId: z.string(), file: z.string() });
const LOGO_FILE = /^([0-9a-f]{64})\.(?:png|jpg|webp)$/;

/**
 * The public side: a vendor's logo at its content-addressed address, cached for a year by browsers
 * and proxies alike (a new logo has a new address). An old address answers 404.
 */
export const logoAssetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    "/assets/logos/:vendorId/:file",
    { schema: { hide: true, params: logoParams } },
    async (request, reply) => {
      const { vendorId, file } = request.params;
      const sha256 = LOGO_FILE.exec(file)?.[1];
      const logo =
        sha256 && /^\d{1,9}$/.test(vendorId) ? await findLogo(db, Number(vendorId), sha256) : null;
      if (!logo) {
        reply.header("cache-control", "no-store");
        return reply.callNotFound();
      }
      return reply
        .type(logo.contentType)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .header("cross-origin-resource-policy", "cross-origin")
        .send(logo.bytes);
    },
  );
};

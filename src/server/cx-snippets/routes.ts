// The visitor pages' snippets (docs/cx-snippets.md). The back office, for settings.manage:
// GET|POST /api/internal/v1/cx-snippets, GET|PATCH|DELETE /api/internal/v1/cx-snippets/{id};
// reads answer with the version as ETag, writes honour If-Match (409 with the snippet as it is).
// Visitors: GET /cx/snippets/api/v1/cx_snippets, the snippets in effect now in their language.
import { createHash } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  cxSnippetCreateSchema,
  cxSnippetDocumentSchema,
  cxSnippetListSchema,
  cxSnippetPatchSchema,
  cxSnippetResourceSchema,
  publicCxSnippetListSchema,
  publicCxSnippetQuerySchema,
} from "../../shared/contracts/cx-snippet.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses, idParams, versionConflictResponse } from "../http/json-api.ts";
import { ifMatchVersion, setVersionTag } from "../http/versioning.ts";
import {
  createCxSnippet,
  deleteCxSnippet,
  findCxSnippet,
  listCxSnippets,
  presentCxSnippet,
  updateCxSnippet,
} from "./cx-snippet-admin.ts";
import { snippetsInEffect } from "./snippets-in-effect.ts";

const tags = ["cx-snippets"];
const conflict = versionConflictResponse(cxSnippetResourceSchema);

export const cxSnippetAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const preHandler = requireStaff("settings.manage");

  app.get(
    "/cx-snippets",
    {
      preHandler,
      schema: {
        tags,
        summary: "The vendor's visitor-page snippets, in their order",
        response: { 200: cxSnippetListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const data = await listCxSnippets(db, staffOf(request));
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data };
    },
  );

  app.post(
    "/cx-snippets",
    {
      preHandler,
      schema: {
        tags,
        summary: "Adds a snippet (its HTML sanitised; English or the default language needed)",
        body: cxSnippetCreateSchema,
        response: { 201: cxSnippetDocumentSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const data = await createCxSnippet(
        db,
        app.events,
        staffOf(request),
        request.body.data.attributes,
      );
      setVersionTag(reply, data.attributes.version);
      reply.code(201).type(JSON_API);
      return { data };
    },
  );

  app.get(
    "/cx-snippets/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "One snippet",
        params: idParams,
        response: { 200: cxSnippetDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const data = presentCxSnippet(await findCxSnippet(db, staffOf(request), request.params.id));
      setVersionTag(reply, data.attributes.version);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data };
    },
  );

  app.patch(
    "/cx-snippets/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Changes a snippet (content replaces every language at once)",
        params: idParams,
        body: cxSnippetPatchSchema,
        response: {
          200: cxSnippetDocumentSchema,
          ...errorResponses(400, 401, 403, 404, 422),
          409: conflict,
        },
      },
    },
    async (request, reply) => {
      const expected = ifMatchVersion(request);
      const data = await updateCxSnippet(
        db,
        app.events,
        staffOf(request),
        request.params.id,
        request.body.data.attributes,
        expected,
      );
      setVersionTag(reply, data.attributes.version);
      reply.type(JSON_API);
      return { data };
    },
  );

  app.delete(
    "/cx-snippets/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Deletes a snippet (If-Match: its version)",
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 422), 409: conflict },
      },
    },
    async (request, reply) => {
      const expected = ifMatchVersion(request);
      await deleteCxSnippet(db, app.events, staffOf(request), request.params.id, expected);
      return reply.code(204).send(null);
    },
  );
};

/** The path the visitor pages read their snippets from. */
export const PUBLIC_CX_SNIPPETS_PATH = "/cx/snippets/api/v1/cx_snippets";

export const cxSnippetPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    PUBLIC_CX_SNIPPETS_PATH,
    {
      schema: {
        tags,
        summary:
          "The announcements and notices in effect now, in the visitor's language (Accept-Language)",
        querystring: publicCxSnippetQuerySchema,
        response: {
          200: publicCxSnippetListSchema,
          304: z.null(),
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const snippets = await app.caches.cxSnippets.active(db, vendor.id);
      const data = snippetsInEffect(snippets, {
        now: new Date(),
        locationId: request.query.location_id,
        locale: request.locale,
        defaultLanguage: vendor.settings.client_view.default_language,
      });
      const body = { data };
      // A change must show within a second: the browser asks every time, and an unchanged answer
      // costs a 304 only.
      const etag = `"${createHash("sha1").update(JSON.stringify(body)).digest("base64url")}"`;
      reply
        .header("cache-control", "no-cache")
        .header("vary", "accept-language")
        .header("etag", etag);
      if (request.headers["if-none-match"] === etag) return reply.code(304).send(null);
      reply.type(JSON_API);
      return body;
    },
  );
};

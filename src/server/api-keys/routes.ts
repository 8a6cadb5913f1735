// The vendor's API keys (docs/api-keys.md), for security.manage (Admin and up): GET|POST /api-keys
// and POST /api-keys/{id}/revoke. The token is answered once, in the creation's meta.token.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyListSchema,
} from "../../shared/contracts/api-key.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses, idParams } from "../http/json-api.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-key-admin.ts";

const tags = ["api-keys"];

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const preHandler = requireStaff("security.manage");

  app.get(
    "/api-keys",
    {
      preHandler,
      schema: {
        tags,
        summary: "The vendor's API keys, newest first, revoked and expired ones included",
        response: { 200: apiKeyListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const data = await listApiKeys(db, staffOf(request));
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data };
    },
  );

  app.post(
    "/api-keys",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Creates an API key with scopes the caller holds; the whole token is in meta.token, this once",
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(db, staffOf(request), request.body.data.attributes);
      reply.code(201).type(JSON_API).header("cache-control", "no-store");
      return { data: created.resource, meta: { token: created.token } };
    },
  );

  app.post(
    "/api-keys/:id/revoke",
    {
      preHandler,
      schema: {
        tags,
        summary: "Revokes an API key at once on every node; revoking it again changes nothing",
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await revokeApiKey(db, staffOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

// The back office's custom questions (services.manage, Admin and up; docs/admin-services.md):
// GET|POST /questions, GET|PATCH /questions/{id}. Reads answer with the version as ETag; writes
// honour If-Match (409 with the current question) and commit with their audit record and event.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  questionAdminDocumentSchema,
  questionAdminListSchema,
  questionAdminResourceSchema,
  questionCreateSchema,
  questionListQuerySchema,
  questionPatchSchema,
} from "../../../shared/contracts/question-admin.ts";
import { requireStaff, staffOf } from "../../auth/require-staff.ts";
import { JSON_API } from "../../http/error-handler.ts";
import { errorResponses, idParams, versionConflictResponse } from "../../http/json-api.ts";
import { ifMatchVersion, setVersionTag } from "../../http/versioning.ts";
import {
  createQuestion,
  findQuestionAdmin,
  listQuestionsAdmin,
  updateQuestion,
} from "./question-admin.ts";

const tags = ["questions-admin"];

/** A 409 version_conflict carries the question as it is now in `meta.current`. */
const questionConflict = versionConflictResponse(questionAdminResourceSchema);

export const questionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const preHandler = requireStaff("services.manage");
  const scopeOf = (request: Parameters<typeof staffOf>[0]) => {
    const staff = staffOf(request);
    return { vendorId: staff.vendorId, actorUserId: staff.user.id };
  };

  app.get(
    "/questions",
    {
      preHandler,
      schema: {
        tags,
        summary: "The vendor's custom questions in the visitor's order, with options and services",
        querystring: questionListQuerySchema,
        response: { 200: questionAdminListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const data = await listQuestionsAdmin(db, staffOf(request).vendorId, request.query.archived);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data };
    },
  );

  app.post(
    "/questions",
    {
      preHandler,
      schema: {
        tags,
        summary: "Creates a custom question",
        body: questionCreateSchema,
        response: { 201: questionAdminDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const data = await createQuestion(db, scopeOf(request), request.body.data.attributes);
      setVersionTag(reply, data.attributes.version);
      reply.code(201).type(JSON_API);
      return { data };
    },
  );

  app.get(
    "/questions/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "One custom question",
        params: idParams,
        response: { 200: questionAdminDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { resource } = await findQuestionAdmin(
        db,
        staffOf(request).vendorId,
        request.params.id,
      );
      setVersionTag(reply, resource.attributes.version);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data: resource };
    },
  );

  app.patch(
    "/questions/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Changes a custom question; options left out are archived, never deleted",
        params: idParams,
        body: questionPatchSchema,
        response: {
          200: questionAdminDocumentSchema,
          ...errorResponses(400, 401, 403, 404, 422),
          409: questionConflict,
        },
      },
    },
    async (request, reply) => {
      const expected = ifMatchVersion(request);
      const data = await updateQuestion(
        db,
        scopeOf(request),
        request.params.id,
        request.body.data.attributes,
        expected,
      );
      setVersionTag(reply, data.attributes.version);
      reply.type(JSON_API);
      return { data };
    },
  );
};

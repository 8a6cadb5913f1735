// The back office's services and categories (services.manage, Admin and up; docs/admin-services.md):
// GET|POST /services, GET|PATCH /services/{id}, PUT /services/order,
// GET|POST /service-categories, PATCH /service-categories/{id}. Reads answer with the version as
// ETag; writes honour If-Match (409 with the current object) and commit with their audit record.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  serviceAdminDocumentSchema,
  serviceAdminListSchema,
  serviceAdminResourceSchema,
  serviceCategoryCreateSchema,
  serviceCategoryDocumentSchema,
  serviceCategoryListSchema,
  serviceCategoryPatchSchema,
  serviceCategoryResourceSchema,
  serviceCreateSchema,
  serviceListQuerySchema,
  serviceOrderSchema,
  servicePatchSchema,
} from "../../../shared/contracts/service-admin.ts";
import { requireStaff, staffOf } from "../../auth/require-staff.ts";
import { JSON_API } from "../../http/error-handler.ts";
import { errorResponses, idParams, versionConflictResponse } from "../../http/json-api.ts";
import { ifMatchVersion, setVersionTag } from "../../http/versioning.ts";
import { createCategory, listCategories, updateCategory } from "./category-admin.ts";
import {
  createService,
  findServiceAdmin,
  listServicesAdmin,
  orderServices,
  updateService,
} from "./service-admin.ts";

const tags = ["services-admin"];

/** A 409 version_conflict carries the object as it is now in `meta.current`. */
const serviceConflict = versionConflictResponse(serviceAdminResourceSchema);
const categoryConflict = versionConflictResponse(serviceCategoryResourceSchema);

export const serviceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const preHandler = requireStaff("services.manage");
  const scopeOf = (request: Parameters<typeof staffOf>[0]) => {
    const staff = staffOf(request);
    return { vendorId: staff.vendorId, actorUserId: staff.user.id };
  };

  app.get(
    "/services",
    {
      preHandler,
      schema: {
        tags,
        summary: "The vendor's services in the visitor's order, with the locations offering each",
        querystring: serviceListQuerySchema,
        response: { 200: serviceAdminListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const data = await listServicesAdmin(db, staffOf(request).vendorId, request.query.archived);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data };
    },
  );

  app.post(
    "/services",
    {
      preHandler,
      schema: {
        tags,
        summary: "Creates a service (goes last unless sort_order is given)",
        body: serviceCreateSchema,
        response: { 201: serviceAdminDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const data = await createService(db, scopeOf(request), request.body.data.attributes);
      setVersionTag(reply, data.attributes.version);
      reply.code(201).type(JSON_API);
      return { data };
    },
  );

  app.put(
    "/services/order",
    {
      preHandler,
      schema: {
        tags,
        summary: "Puts the named services in this order; the others keep theirs",
        body: serviceOrderSchema,
        response: { 200: serviceAdminListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const ids = request.body.data.map((item) => item.id);
      const data = await orderServices(db, scopeOf(request), ids);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data };
    },
  );

  app.get(
    "/services/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "One service with the locations that offer it and the questions linked to it",
        params: idParams,
        response: { 200: serviceAdminDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { resource } = await findServiceAdmin(db, staffOf(request).vendorId, request.params.id);
      setVersionTag(reply, resource.attributes.version);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data: resource };
    },
  );

  app.patch(
    "/services/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Changes a service (archived: true archives it; history keeps it)",
        params: idParams,
        body: servicePatchSchema,
        response: {
          200: serviceAdminDocumentSchema,
          ...errorResponses(400, 401, 403, 404, 422),
          409: serviceConflict,
        },
      },
    },
    async (request, reply) => {
      const expected = ifMatchVersion(request);
      const data = await updateService(
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

  app.get(
    "/service-categories",
    {
      preHandler,
      schema: {
        tags,
        summary: "The vendor's service categories, archived ones included (archived: true)",
        response: { 200: serviceCategoryListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const data = await listCategories(db, staffOf(request).vendorId);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data };
    },
  );

  app.post(
    "/service-categories",
    {
      preHandler,
      schema: {
        tags,
        summary: "Creates a service category",
        body: serviceCategoryCreateSchema,
        response: { 201: serviceCategoryDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const data = await createCategory(db, scopeOf(request), request.body.data.attributes);
      setVersionTag(reply, data.attributes.version);
      reply.code(201).type(JSON_API);
      return { data };
    },
  );

  app.patch(
    "/service-categories/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Renames, translates, reorders or archives a service category",
        params: idParams,
        body: serviceCategoryPatchSchema,
        response: {
          200: serviceCategoryDocumentSchema,
          ...errorResponses(400, 401, 403, 404, 422),
          409: categoryConflict,
        },
      },
    },
    async (request, reply) => {
      const expected = ifMatchVersion(request);
      const data = await updateCategory(
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

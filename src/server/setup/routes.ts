// Getting started, under /api/internal/v1: the setup link of an empty database (GET|POST /setup,
// used before any vendor or session exists) and the platform admins' vendors (GET|POST /vendors,
// GET|PATCH /vendors/{id}, platform.manage). docs/admin-setup.md documents the calls.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  setupBodySchema,
  setupQuerySchema,
  setupStateDocumentSchema,
} from "../../shared/contracts/setup.ts";
import {
  createVendorBodySchema,
  vendorDocumentSchema,
  vendorListSchema,
  vendorPatchBodySchema,
  vendorResourceSchema,
} from "../../shared/contracts/vendor-admin.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import { setSessionCookie } from "../auth/session-cookie.ts";
import { queueStaffInvitation } from "../auth/staff-invitations.ts";
import { notFound } from "../http/app-error.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses, idParams, versionConflictResponse } from "../http/json-api.ts";
import { ifMatchVersion, setVersionTag } from "../http/versioning.ts";
import { normaliseHost } from "../tenancy/resolve-vendor.ts";
import { completeSetup } from "./complete-setup.ts";
import { setupState } from "./setup-token.ts";
import { present, updateVendor } from "./update-vendor.ts";
import {
  findVendorRecord,
  insertVendorWithAdmin,
  listVendors,
  type VendorAttributes,
} from "./vendor-records.ts";

const ATTRIBUTES = "/data/attributes";

const vendorResource = (id: number, attributes: VendorAttributes) => ({
  type: "vendors" as const,
  id: String(id),
  attributes,
});

export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { PUBLIC_URL, DEFAULT_VENDOR } = app.config;
  // As many tries per client and minute as sign-in allows: the token is unguessable, this only
  // keeps a loop from costing argon2 hashes.
  const SETUP_RATE_LIMIT = { max: app.config.RATE_LIMIT_SIGN_IN_PER_MINUTE, timeWindow: 60_000 };

  app.get(
    "/setup",
    {
      config: { preSession: true, vendorless: true, rateLimit: SETUP_RATE_LIMIT },
      schema: {
        tags: ["setup"],
        summary: "Whether a setup link still works (ready, invalid, or done once a vendor exists)",
        querystring: setupQuerySchema,
        response: { 200: setupStateDocumentSchema, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => {
      reply.type(JSON_API);
      const state = await setupState(db, request.query.token);
      return { data: { type: "setup" as const, id: "setup" as const, attributes: { state } } };
    },
  );

  app.post(
    "/setup",
    {
      config: { preSession: true, vendorless: true, rateLimit: SETUP_RATE_LIMIT },
      schema: {
        tags: ["setup"],
        summary:
          "Spends the setup link on the first vendor and its first admin, who is signed in (session cookie)",
        body: setupBodySchema,
        response: { 201: vendorDocumentSchema, ...errorResponses(400, 403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { token, vendor, admin } = request.body.data.attributes;
      const created = await completeSetup(db, {
        token,
        vendor,
        admin: {
          firstName: admin.first_name,
          lastName: admin.last_name,
          email: admin.email,
          password: admin.password,
        },
        requestHost: normaliseHost(request.host),
        defaultVendorSlug: DEFAULT_VENDOR,
        userAgent: request.headers["user-agent"],
      });
      // This node forgets at once (the next request is the new admin's); the event tells the others.
      app.caches.invalidate({ entity: "vendor", vendorId: created.vendorId });
      app.events.emit("eventsRecorded", {});
      setSessionCookie(request, reply, created.sessionToken, PUBLIC_URL);
      request.log.info({ vendorId: created.vendorId }, "setup done: first vendor created");
      reply.code(201).type(JSON_API);
      return {
        data: vendorResource(created.vendorId, {
          name: vendor.name,
          slug: vendor.slug,
          hosts: [...new Set(vendor.hosts)],
          admins: 1,
          version: 1,
          created_at: new Date().toISOString(),
        }),
      };
    },
  );

  const platform = requireStaff("platform.manage");

  app.get(
    "/vendors",
    {
      preHandler: platform,
      schema: {
        tags: ["vendors"],
        summary: "Every vendor with its host names (platform admins)",
        response: { 200: vendorListSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.type(JSON_API);
      const vendors = await listVendors(db);
      return { data: vendors.map(({ id, ...attributes }) => vendorResource(id, attributes)) };
    },
  );

  app.post(
    "/vendors",
    {
      preHandler: platform,
      schema: {
        tags: ["vendors"],
        summary: "Creates a vendor and invites its first admin by email (platform admins)",
        body: createVendorBodySchema,
        response: { 201: vendorDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { name, slug, hosts, admin } = request.body.data.attributes;
      const created = await db.transaction((tx) =>
        insertVendorWithAdmin(tx, {
          vendor: { name, slug, hosts },
          admin: {
            firstName: admin.first_name,
            lastName: admin.last_name,
            email: admin.email,
            passwordHash: null,
          },
          pointers: {
            slug: `${ATTRIBUTES}/slug`,
            hosts: `${ATTRIBUTES}/hosts`,
            email: `${ATTRIBUTES}/admin/email`,
          },
          actorUserId: staff.user.id,
          now: new Date(),
        }),
      );
      app.caches.invalidate({ entity: "vendor", vendorId: created.vendorId });
      app.events.emit("eventsRecorded", {});
      // The link goes to the new vendor's first host, where the admin will sign in.
      await queueStaffInvitation(app.jobs, {
        userId: created.adminId,
        vendorId: created.vendorId,
        invitedByUserId: staff.user.id,
        requestHost: hosts[0]!,
      });
      reply.code(201).type(JSON_API);
      return {
        data: vendorResource(created.vendorId, created.attributes),
        meta: { invited_admin: { id: String(created.adminId), email: admin.email } },
      };
    },
  );

  app.get(
    "/vendors/:id",
    {
      preHandler: platform,
      schema: {
        tags: ["vendors"],
        summary: "One vendor with its host names (platform admins); the version as ETag",
        params: idParams,
        response: { 200: vendorDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const vendor = await findVendorRecord(db, request.params.id);
      if (!vendor) throw notFound();
      setVersionTag(reply, vendor.version);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data: present(vendor) };
    },
  );

  app.patch(
    "/vendors/:id",
    {
      preHandler: platform,
      schema: {
        tags: ["vendors"],
        summary:
          "Changes a vendor's name, slug or host names (hosts replaces them all); honours If-Match (platform admins)",
        params: idParams,
        body: vendorPatchBodySchema,
        response: {
          200: vendorDocumentSchema,
          ...errorResponses(400, 401, 403, 404, 422),
          409: versionConflictResponse(vendorResourceSchema),
        },
      },
    },
    async (request, reply) => {
      const vendorId = request.params.id;
      const vendor = await updateVendor(db, {
        vendorId,
        changes: request.body.data.attributes,
        expectedVersion: ifMatchVersion(request),
        pointers: { slug: `${ATTRIBUTES}/slug`, hosts: `${ATTRIBUTES}/hosts` },
        defaultSlug: DEFAULT_VENDOR,
        actorUserId: staffOf(request).user.id,
        now: new Date(),
      });
      // This node forgets the hosts it resolved at once; the event tells the others.
      app.caches.invalidate({ entity: "vendor", vendorId });
      app.events.emit("eventsRecorded", {});
      setVersionTag(reply, vendor.version);
      reply.type(JSON_API);
      return { data: present(vendor) };
    },
  );
};

// When messages go, as the notification settings pages edit it (settings.manage): the vendor's
// settings and a location's overrides with those in effect there. Registered by routes.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  locationNotificationSettingsDocumentSchema,
  notificationSettingsInputSchema,
  vendorNotificationSettingsDocumentSchema,
} from "../../../shared/contracts/notification-settings.ts";
import {
  effectiveNotificationSettings,
  type NotificationSettings,
} from "../../../shared/notifications/settings.ts";
import { requireStaff, staffOf } from "../../auth/require-staff.ts";
import { JSON_API } from "../../http/error-handler.ts";
import { errorResponses } from "../../http/json-api.ts";
import { findStaffLocation, pathId } from "../../lobby/find-staff-location.ts";
import {
  loadVendorNotificationSettings,
  locationOverrides,
  updateLocationNotificationSettings,
  updateVendorNotificationSettings,
} from "./update-notification-settings.ts";

const tags = ["notification-settings"];
const idParams = z.object({ id: z.string().max(32) }).strict();

export const notificationSettingsValueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const preHandler = requireStaff("settings.manage");

  const vendorDocument = (vendorId: number, attributes: NotificationSettings) => ({
    data: { type: "notification-settings" as const, id: String(vendorId), attributes },
  });

  app.get(
    "/notification-settings",
    {
      preHandler,
      schema: {
        tags,
        summary: "The vendor's notification settings",
        response: { 200: vendorNotificationSettingsDocumentSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const { vendorId } = staffOf(request);
      reply.type(JSON_API).header("cache-control", "no-store");
      return vendorDocument(vendorId, await loadVendorNotificationSettings(db, vendorId));
    },
  );

  app.put(
    "/notification-settings",
    {
      preHandler,
      schema: {
        tags,
        summary: "Replaces the vendor's notification settings (missing ones take their defaults)",
        body: notificationSettingsInputSchema,
        response: {
          200: vendorNotificationSettingsDocumentSchema,
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const { vendorId } = staffOf(request);
      const saved = await updateVendorNotificationSettings(
        db,
        app.events,
        vendorId,
        request.body.data.attributes,
      );
      reply.type(JSON_API);
      return vendorDocument(vendorId, saved);
    },
  );

  const locationDocument = async (location: { id: number; vendorId: number }, stored: unknown) => {
    const vendor = await loadVendorNotificationSettings(db, location.vendorId);
    return {
      data: {
        type: "location-notification-settings" as const,
        id: String(location.id),
        attributes: {
          overrides: locationOverrides(stored),
          effective: effectiveNotificationSettings(vendor, stored),
        },
      },
    };
  };

  app.get(
    "/locations/:id/notification-settings",
    {
      preHandler,
      schema: {
        tags,
        summary: "A location's own notification settings and the ones in effect there",
        params: idParams,
        response: {
          200: locationNotificationSettingsDocumentSchema,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const location = await findStaffLocation(db, staffOf(request), pathId(request.params.id));
      reply.type(JSON_API).header("cache-control", "no-store");
      return locationDocument(location, location.notificationSettings);
    },
  );

  app.put(
    "/locations/:id/notification-settings",
    {
      preHandler,
      schema: {
        tags,
        summary: "Replaces a location's overrides; a setting it leaves out is the vendor's",
        params: idParams,
        body: notificationSettingsInputSchema,
        response: {
          200: locationNotificationSettingsDocumentSchema,
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const location = await findStaffLocation(db, staffOf(request), pathId(request.params.id));
      const overrides = await updateLocationNotificationSettings(
        db,
        app.events,
        location,
        request.body.data.attributes,
      );
      reply.type(JSON_API);
      return locationDocument(location, overrides);
    },
  );
};

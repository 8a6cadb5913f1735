// The message templates of the notification settings pages (settings.manage): each audience's
// templates beside the product's wording, and saving (checked) or resetting the vendor's or a
// location's own. Registered by routes.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  notificationTemplateInputSchema,
  notificationTemplateListSchema,
  notificationTemplateParamsSchema,
  notificationTemplatesQuerySchema,
  templateLocationQuerySchema,
} from "../../../shared/contracts/notification-templates.ts";
import { LOCALES, type Locale } from "../../../shared/domain.ts";
import {
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  type MessageChannel,
  type MessageKind,
} from "../../../shared/notifications/message-kinds.ts";
import { requireStaff, staffOf } from "../../auth/require-staff.ts";
import type { StaffContext } from "../../auth/staff-context.ts";
import { AppError, notFound } from "../../http/app-error.ts";
import { JSON_API } from "../../http/error-handler.ts";
import { errorResponses } from "../../http/json-api.ts";
import { findStaffLocation, pathId } from "../../lobby/find-staff-location.ts";
import { listNotificationTemplates } from "./list-notification-templates.ts";
import {
  resetNotificationTemplate,
  saveNotificationTemplate,
  type TemplateKey,
} from "./save-notification-template.ts";

const tags = ["notification-settings"];

/** The kind, channel and language a path names; unknown ones are not found. */
function templateTarget(params: { kind: string; channel: string; lang: string }) {
  const { kind, channel, lang } = params;
  if (!Object.hasOwn(MESSAGE_KINDS, kind)) throw notFound();
  if (!(MESSAGE_CHANNELS as readonly string[]).includes(channel)) throw notFound();
  if (!(LOCALES as readonly string[]).includes(lang)) throw notFound();
  if (!(MESSAGE_KINDS[kind as MessageKind].channels as readonly string[]).includes(channel)) {
    throw new AppError("unprocessable", {
      code: "channel_not_offered",
      messageId: "Office.notifications.error.channel_not_offered",
      values: { channel },
    });
  }
  return { kind: kind as MessageKind, channel: channel as MessageChannel, lang: lang as Locale };
}

export const notificationTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const preHandler = requireStaff("settings.manage");

  const locationOf = async (staff: StaffContext, raw: string | number | null | undefined) => {
    if (raw === undefined || raw === null) return null;
    const id = typeof raw === "number" ? raw : pathId(raw);
    return findStaffLocation(db, staff, id);
  };

  app.get(
    "/notification-templates",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "The templates of one audience in one language: default, vendor's, location's, effective",
        querystring: notificationTemplatesQuerySchema,
        response: { 200: notificationTemplateListSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const location = await locationOf(staff, request.query.location_id);
      const vendor = await request.vendor();
      const data = await listNotificationTemplates(db, {
        vendorId: staff.vendorId,
        locationId: location?.id ?? null,
        audience: request.query.audience,
        lang: request.query.lang,
        synonyms: vendor.settings.synonyms,
      });
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data };
    },
  );

  app.put(
    "/notification-templates/:kind/:channel/:lang",
    {
      preHandler,
      schema: {
        tags,
        summary: "Saves the vendor's (or a location's) own wording of a message, checked first",
        params: notificationTemplateParamsSchema,
        body: notificationTemplateInputSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const target = templateTarget(request.params);
      const { subject, body, location_id } = request.body.data.attributes;
      const location = await locationOf(staff, location_id);
      const key: TemplateKey = {
        vendorId: staff.vendorId,
        locationId: location?.id ?? null,
        ...target,
      };
      await saveNotificationTemplate(db, key, { subject: subject ?? null, body }, staff.user.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    "/notification-templates/:kind/:channel/:lang",
    {
      preHandler,
      schema: {
        tags,
        summary: "Resets a message to the product's wording (the vendor's, with location_id)",
        params: notificationTemplateParamsSchema,
        querystring: templateLocationQuerySchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const target = templateTarget(request.params);
      const location = await locationOf(staff, request.query.location_id);
      await resetNotificationTemplate(db, {
        vendorId: staff.vendorId,
        locationId: location?.id ?? null,
        ...target,
      });
      return reply.code(204).send(null);
    },
  );
};

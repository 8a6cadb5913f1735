// The notification settings of the back office (settings.manage), under /api/internal/v1: the
// message templates (template-routes.ts) and when messages go (settings-routes.ts). docs/api.md
// lists the calls.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notificationSettingsValueRoutes } from "./settings-routes.ts";
import { notificationTemplateRoutes } from "./template-routes.ts";

export const notificationSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(notificationTemplateRoutes);
  await app.register(notificationSettingsValueRoutes);
};

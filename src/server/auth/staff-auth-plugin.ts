// Staff authentication as one plugin: the session hook and CSRF check on the root instance (so
// every capability's internal routes get them), and the session and /me routes under the prefix.
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { meRoutes } from "../staff/routes.ts";
import { sessionRoutes } from "./routes.ts";
import { registerStaffSessions } from "./staff-session-plugin.ts";

export const INTERNAL_API_V1 = "/api/internal/v1";

async function staffAuthPlugin(app: FastifyInstance) {
  registerStaffSessions(app);
  await app.register(
    async (internal) => {
      // The app's own rate-limit registration (shared across nodes through Redis) serves the
      // routes' config.rateLimit when present; registering a second one would count twice.
      if (!internal.hasDecorator("rateLimit"))
        await internal.register(rateLimit, { global: false });
      await internal.register(sessionRoutes);
      await internal.register(meRoutes);
    },
    { prefix: INTERNAL_API_V1 },
  );
}

// Not encapsulated (what fastify-plugin does): its hooks and decorations must reach the root.
export const staffAuth = Object.assign(staffAuthPlugin, {
  [Symbol.for("skip-override")]: true,
});

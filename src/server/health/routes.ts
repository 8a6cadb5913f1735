// Liveness and readiness probes for load balancers and orchestrators.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/healthz",
    { schema: { hide: true, response: { 200: z.object({ status: z.literal("ok") }) } } },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/readyz",
    {
      schema: {
        hide: true,
        response: {
          200: z.object({ status: z.literal("ready") }),
          503: z.object({ status: z.literal("not ready") }),
        },
      },
    },
    async (_request, reply) => {
      if (app.shuttingDown || !(await app.database.ping())) {
        return reply
          .code(503)
          .header("retry-after", "5")
          .send({ status: "not ready" as const });
      }
      return { status: "ready" as const };
    },
  );
};

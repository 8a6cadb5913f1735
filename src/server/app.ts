// buildApp(deps) assembles the HTTP server without listening, so tests drive it with app.inject
// and main.ts adds the socket and the port. Capabilities register their routes here.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import helmet from "helmet";
import { DEFAULT_LOCALE, type Locale } from "../shared/domain.ts";
import { matchLocale, negotiateLocale } from "../shared/locale.ts";
import { analyticsRoutes } from "./analytics/routes.ts";
import { apiKeyRoutes } from "./api-keys/routes.ts";
import { auditRoutes } from "./audit/audit-routes.ts";
import { INTERNAL_API_V1, staffAuth } from "./auth/staff-auth-plugin.ts";
import { appointmentRoutes } from "./booking/appointment-routes.ts";
import { availabilityRoutes } from "./booking/availability-routes.ts";
import { type AppCaches, createAppCaches } from "./caches/app-caches.ts";
import {
  type CacheInvalidationBus,
  localInvalidationBus,
  redisInvalidationBus,
} from "./caches/cache-invalidation-bus.ts";
import { clientRoutes } from "./clients/routes.ts";
import { runsPerKey } from "./concurrency/runs-per-key.ts";
import type { Config } from "./config.ts";
import { conversionRoutes } from "./conversion/routes.ts";
import { cxSnippetAdminRoutes, cxSnippetPublicRoutes } from "./cx-snippets/routes.ts";
import { dashboardRoutes } from "./dashboard/routes.ts";
import type { Database } from "./db/client.ts";
import { DomainEventBus } from "./events/domain-events.ts";
import { createEventDispatcher, type EventDispatcher } from "./events/event-dispatcher.ts";
import { feedbackRoutes } from "./feedback/routes.ts";
import { staffGroupRoutes } from "./groups/routes.ts";
import { healthRoutes } from "./health/routes.ts";
import { hoursRoutes } from "./hours/routes.ts";
import { notFound } from "./http/app-error.ts";
import {
  contentSecurityPolicyDirectives,
  registerBrowserPolicies,
} from "./http/content-security-policy.ts";
import { registerCsrfProtection } from "./http/csrf.ts";
import { handleFrameworkError, JSON_API, registerErrorHandling } from "./http/error-handler.ts";
import { registerFrameAncestors } from "./http/frame-ancestors.ts";
import { registerLoadShedding } from "./http/load-shedding.ts";
import type { Synonyms } from "./http/messages.ts";
import { createPageHtml } from "./http/page-preloads.ts";
import { registerRateLimits } from "./http/rate-limit.ts";
import { requestLoggerOptions } from "./http/request-logging.ts";
import { fastifyTrustProxy } from "./http/trust-proxy.ts";
import { importRoutes } from "./imports/routes.ts";
import { appointmentRealtimeHandler } from "./jobs/appointment-realtime.ts";
import { boardSettingsRealtimeHandler } from "./jobs/board-settings-realtime.ts";
import { durableHandlers, jobTasks, recurringJobs } from "./jobs/durable-handlers.ts";
import type { EventHandler } from "./jobs/event-handler.ts";
import { invalidateCachesHandler } from "./jobs/invalidate-caches.ts";
import { createJobQueue, type JobQueue, type RetryPolicy } from "./jobs/job-queue.ts";
import { realtimeBridgeHandler } from "./jobs/realtime-bridge.ts";
import { recalculateAfterJoinHandler } from "./jobs/recalculate-after-join.ts";
import { jobRoutes } from "./jobs/routes.ts";
import { lobbyRoutes } from "./lobby/routes.ts";
import { adminLocationRoutes } from "./locations/admin/routes.ts";
import { locationRoutes } from "./locations/routes.ts";
import { queueAlmostTurnMessages } from "./notifications/almost-turn.ts";
import { messageLogRoutes } from "./notifications/log/routes.ts";
import { createNotifications, type Notifications } from "./notifications/notifications.ts";
import { notificationSettingsRoutes } from "./notifications/settings/routes.ts";
import { twilioWebhookRoutes } from "./notifications/sms/twilio-webhook-routes.ts";
import { placeRoutes } from "./places/routes.ts";
import { questionAdminRoutes } from "./questions/admin/routes.ts";
import { questionRoutes } from "./questions/routes.ts";
import { queueAppointmentRoutes } from "./queue/routes.ts";
import { flushScheduledRecalculations } from "./queue/wait-time/recalculate-wait-times.ts";
import {
  localStaffSessionRevocations,
  redisStaffSessionRevocations,
  type StaffSessionRevocations,
} from "./realtime/staff-session-revocations.ts";
import { roomRoutes } from "./rooms/routes.ts";
import { scheduleRoutes } from "./schedule/routes.ts";
import { serviceAdminRoutes } from "./services/admin/routes.ts";
import { serviceRoutes } from "./services/routes.ts";
import { brandingRoutes, logoAssetRoutes } from "./settings/branding-routes.ts";
import { settingsRoutes } from "./settings/routes.ts";
import { setupRoutes } from "./setup/routes.ts";
import { staffRoutes } from "./staff/staff-routes.ts";
import type { Vendor } from "./tenancy/resolve-vendor.ts";
import { boardLinkRoutes } from "./tv/board-link-routes.ts";
import { tvRoutes } from "./tv/routes.ts";
import { vendorRoutes } from "./vendor/routes.ts";

export type AppDeps = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  /** directory of the built web app; defaults to dist/web when it exists */
  webRoot?: string | null;
  /** the bus commands emit domain events on; realtime and jobs subscribe to it */
  events?: DomainEventBus;
  /** refuse new requests with 503 while the event loop lags or memory runs high (main.ts; off for in-process tests) */
  loadShedding?: boolean;
  /** event handlers besides the product's own (tests that count deliveries) */
  extraEventHandlers?: readonly EventHandler[];
  /** shorter retries of durable jobs (tests of the dead-letter list) */
  jobRetry?: Partial<RetryPolicy>;
};

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** vendors, join catalog, location waits, learned durations; `invalidate` after a change */
    caches: AppCaches;
    shuttingDown: boolean;
    events: DomainEventBus;
    /** hands committed domain events to their handlers (src/server/events/event-dispatcher.ts) */
    dispatcher: EventDispatcher;
    /** the durable job queue (pg-boss) */
    jobs: JobQueue;
    /** sends the queued emails and SMS (src/server/notifications/message-sender.ts) */
    messageSender: Notifications["sender"];
    /** drops stale cached answers on every node */
    cacheInvalidation: CacheInvalidationBus;
    /** ends a revoked staff session's realtime subscriptions on every node */
    staffSessionRevocations: StaffSessionRevocations;
  }
  interface FastifyRequest {
    locale: Locale;
    vendorSynonyms: Synonyms | undefined;
    /** the vendor this public request belongs to (resolved from Host); throws 404 when none */
    vendor(): Promise<Vendor>;
  }
}

const defaultWebRoot = fileURLToPath(new URL("../../dist/web", import.meta.url));

export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    // Request addresses are logged with their confirm codes and tokens redacted.
    logger: requestLoggerOptions(deps.logger, config.LOG_LEVEL),
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    forceCloseConnections: "idle",
    // While shutting down, a request that reaches an open connection is served (with Connection:
    // close) rather than refused with a bare 503: the node can still answer it, new ones go elsewhere.
    return503OnClosing: false,
    frameworkErrors: handleFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("shuttingDown", false);
  app.decorate("events", deps.events ?? new DomainEventBus());
  app.decorate("caches", createAppCaches({ db: database.db, config, events: app.events }));
  await registerEventHandling(app, deps);

  // JSON:API documents are JSON; parse them with the same (prototype-poisoning safe) parser.
  app.addContentTypeParser(
    JSON_API,
    { parseAs: "string" },
    app.getDefaultJsonParser("error", "error"),
  );

  app.decorateRequest("locale", DEFAULT_LOCALE);
  app.decorateRequest("vendorSynonyms", undefined);
  app.decorateRequest("vendor", async function vendor(this: { host: string }) {
    throw new Error("replaced per request");
  });

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    const query = request.query as Record<string, unknown> | undefined;
    const lang = typeof query?.lang === "string" ? query.lang : undefined;
    request.locale = matchLocale(lang) ?? negotiateLocale(request.headers["accept-language"]);
    let resolved: Promise<Vendor> | undefined;
    request.vendor = () => {
      resolved ??= app.caches.vendors.resolve(request.host).then((vendor) => {
        if (!vendor) throw notFound();
        const available = vendor.settings.client_view.available_languages;
        request.locale =
          matchLocale(lang, available) ??
          negotiateLocale(
            request.headers["accept-language"],
            available,
            vendor.settings.client_view.default_language,
          );
        request.vendorSynonyms = vendor.settings.synonyms;
        return vendor;
      });
      return resolved;
    };
  });

  registerErrorHandling(app);
  // First of the request hooks: a shed request costs no header, cookie or Redis work.
  if (deps.loadShedding) await registerLoadShedding(app);

  // Helmet's security headers, its middleware built once: the Fastify plugin rebuilt it (parsing
  // the CSP again) on every request, ≈ 20 µs each.
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicyDirectives(config) },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  registerFrameAncestors(app);
  registerBrowserPolicies(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie, { secret: config.SESSION_SECRET });
  await registerCsrfProtection(app, config);
  await registerRateLimits(app, config);

  await app.register(swagger, {
    openapi: {
      info: { title: "Nextline API", version: "1.0.0" },
      servers: [{ url: config.PUBLIC_URL }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  await app.register(healthRoutes);
  await app.register(locationRoutes, { prefix: "/api/v2/open" });
  await app.register(vendorRoutes, { prefix: "/api/v2/open" });
  await app.register(logoAssetRoutes);
  await app.register(placeRoutes, { prefix: "/api/v2/open" });
  await app.register(tvRoutes, { prefix: "/api/v2/open" });
  await app.register(serviceRoutes, { prefix: "/api/v2/open" });
  await app.register(questionRoutes, { prefix: "/api/v2/open" });
  await app.register(queueAppointmentRoutes, { prefix: "/api/v2/open" });
  await app.register(feedbackRoutes, { prefix: "/api/v3/open" });
  await app.register(conversionRoutes, { prefix: "/api/v3/open" });
  await app.register(analyticsRoutes, { prefix: "/api/v2/open" });
  await app.register(availabilityRoutes, { prefix: "/api/v2/open" });
  await app.register(appointmentRoutes, { prefix: "/api/v2/open" });
  await app.register(cxSnippetPublicRoutes);
  // Proven by Twilio's signature rather than a CSRF token; forms, parsed in their own scope.
  await app.register(twilioWebhookRoutes, { prefix: "/api/webhooks/twilio" });
  // Before every other internal route: it refuses, at start-up, internal routes left unguarded.
  await app.register(staffAuth);
  await app.register(lobbyRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(dashboardRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(jobRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(boardLinkRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(messageLogRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(auditRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(notificationSettingsRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(settingsRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(brandingRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(staffRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(serviceAdminRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(questionAdminRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(setupRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(hoursRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(adminLocationRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(importRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(staffGroupRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(roomRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(cxSnippetAdminRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(scheduleRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(clientRoutes, { prefix: INTERNAL_API_V1 });
  await app.register(apiKeyRoutes, { prefix: INTERNAL_API_V1 });

  const webRoot = deps.webRoot === undefined ? defaultWebRoot : deps.webRoot;
  if (webRoot && existsSync(webRoot)) await registerWebApp(app, webRoot);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * The path of an event: command → outbox → dispatcher → handler → effect. The dispatcher and the
 * job queue start when the app is ready and stop when it closes, before the database does.
 */
async function registerEventHandling(app: FastifyInstance, deps: AppDeps) {
  const { config, database } = deps;
  // Every node's own caches; the bus carries each change to all of them.
  const cacheTarget = app.caches;
  const cacheInvalidation = config.REDIS_URL
    ? await redisInvalidationBus(config.REDIS_URL, cacheTarget, app.log)
    : localInvalidationBus(cacheTarget);
  const notifications = createNotifications({
    db: database.db,
    config,
    log: app.log,
    send: config.JOB_WORKERS,
    onVisitMessagesChanged: (change) => app.events.emit("queueAppointmentMessagesChanged", change),
  });
  const wakeSender = () => notifications.sender.wake();
  const jobDeps = {
    db: database.db,
    config,
    log: app.log,
    email: notifications.email,
    site: notifications.site,
    wakeSender,
  };
  const handlers: EventHandler[] = [
    realtimeBridgeHandler(app.events),
    appointmentRealtimeHandler(app.events),
    recalculateAfterJoinHandler({
      db: database.db,
      events: app.events,
      logger: app.log,
      learnedDurations: app.caches.learnedDurations,
    }),
    invalidateCachesHandler(cacheInvalidation),
    // After the cache invalidation: the boards it wakes must read the new settings.
    boardSettingsRealtimeHandler(app.events),
    ...durableHandlers(jobDeps),
    ...(deps.extraEventHandlers ?? []),
  ];
  const jobs = createJobQueue({
    connection: database.jobConnection,
    handlers,
    tasks: jobTasks(jobDeps),
    recurring: recurringJobs(jobDeps),
    log: app.log,
    work: config.JOB_WORKERS,
    ...(deps.jobRetry ? { retry: deps.jobRetry } : {}),
  });
  const dispatcher = createEventDispatcher({
    db: database.db,
    handlers,
    jobs,
    log: app.log,
    leaseMs: config.EVENT_LEASE_MS,
  });
  app.decorate("cacheInvalidation", cacheInvalidation);
  const staffSessionRevocations = config.REDIS_URL
    ? await redisStaffSessionRevocations(config.REDIS_URL, app.log)
    : localStaffSessionRevocations();
  app.decorate("staffSessionRevocations", staffSessionRevocations);
  app.decorate("jobs", jobs);
  app.decorate("dispatcher", dispatcher);
  app.decorate("messageSender", notifications.sender);
  // A line that moved may owe "almost your turn": checked after each recalculation, one check
  // per location at a time (a burst of recalculations shares the check queued behind the first).
  const almostTurn = runsPerKey(async (_key, scope: { vendorId: number; locationId: number }) => {
    try {
      if ((await queueAlmostTurnMessages(database.db, { ...scope, site: notifications.site })) > 0)
        wakeSender();
    } catch (error) {
      // The minute's sweep checks again.
      app.log.warn({ err: error, ...scope }, "checking 'almost your turn' failed");
    }
  });
  if (config.JOB_WORKERS)
    app.events.on("waitTimesRecalculated", ({ vendorId, locationId }) =>
      almostTurn.push(String(locationId), { vendorId, locationId }),
    );
  app.events.on("eventsRecorded", ({ committed }) =>
    committed ? dispatcher.handOff(committed) : dispatcher.wake(),
  );
  app.addHook("onReady", async () => {
    await jobs.start();
    dispatcher.start();
    notifications.start();
  });
  app.addHook("onClose", async () => {
    // Hand on what was committed, then run the joins' pending recalculations, before the
    // database closes; the job queue stops last (its workers finish their jobs).
    await dispatcher.stop();
    await flushScheduledRecalculations(database.db);
    await jobs.stop();
    await almostTurn.idle();
    await notifications.stop();
    await cacheInvalidation.close();
    await staffSessionRevocations.close();
  });
}

/** Serves the built SPA: hashed assets cached for a year, index.html never, client routes fall back to it. */
async function registerWebApp(app: App, root: string) {
  const pageHtml = createPageHtml(root);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // Vite names every file under assets/ by its content hash, so it never changes.
    cacheControl: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes("/assets/");
      reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(url);
    // The visitor pages' own JSON calls live under /cx/{area}/api/ (the snippets'): an address
    // there that no route knows is a 404 in JSON, never the page.
    const api = url.startsWith("/api/") || /^\/cx\/[^/]+\/api(?:\/|$)/.test(url);
    if (api || url.startsWith("/assets/") || looksLikeFile) {
      return reply.callNotFound();
    }
    reply.header("cache-control", "no-cache");
    if (!pageHtml) return reply.sendFile("index.html");
    // The preloads depend on the address and the visitor's languages.
    reply.header("vary", "accept-language");
    return reply
      .type("text/html; charset=utf-8")
      .send(pageHtml(request.url, request.headers["accept-language"]));
  });
}

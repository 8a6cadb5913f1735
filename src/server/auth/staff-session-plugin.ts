// Loads the caller of every internal API request into request.staff (from its API key when it bears
// one, else from its session cookie), enforces CSRF on every state-changing request made with a
// session, and refuses at start-up any internal route left unguarded.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { apiKeyRefused, bearerTokenOf, loadApiKeyStaff } from "../api-keys/authenticate-api-key.ts";
import { AppError } from "../http/app-error.ts";
import { STAFF_GUARD } from "./require-staff.ts";
import { clearSessionCookie } from "./session-cookie.ts";
import { SESSION_COOKIE } from "./session-token.ts";
import type { StaffContext } from "./staff-context.ts";
import { CSRF_HEADER, isSameOriginRequest, isValidStaffCsrfToken } from "./staff-csrf.ts";
import { loadStaffSession } from "./staff-sessions.ts";

export const INTERNAL_API_PREFIX = "/api/internal/";

declare module "fastify" {
  interface FastifyRequest {
    /** the signed-in staff member of an internal API request, or null */
    staff: StaffContext | null;
  }
  interface FastifyContextConfig {
    /**
     * A route used before a session exists (sign-in, password reset): no requireStaff, and its
     * CSRF check is the Origin check instead of the session-bound token.
     */
    preSession?: boolean;
    /**
     * A route used before any vendor exists (the setup link): no session is looked up, since the
     * host may resolve to no vendor yet.
     */
    vendorless?: boolean;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const csrfRefused = () =>
  new AppError("forbidden", { code: "csrf_invalid", messageId: "Errors.csrf" });

/** Registers on the root instance, so internal routes of every capability get request.staff. */
export function registerStaffSessions(app: FastifyInstance) {
  app.decorateRequest("staff", null);
  app.addHook("onRoute", assertGuarded);
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith(INTERNAL_API_PREFIX)) return;
    reply.header("cache-control", "no-store");
    await loadStaff(app, request, reply);
    checkCsrf(app, request);
  });
}

async function loadStaff(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (request.routeOptions.config.vendorless) return;
  const bearer = bearerTokenOf(request.headers.authorization);
  if (bearer !== undefined) {
    // A request that names a key is the key's alone: a cookie beside it is never looked at, so a
    // bad key cannot fall back to a browser's session, and CSRF (a cookie's risk) does not arise.
    const vendor = await request.vendor();
    request.staff = await loadApiKeyStaff(app.database.db, { token: bearer, vendorId: vendor.id });
    if (!request.staff) throw apiKeyRefused();
    return;
  }
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const vendor = await request.vendor();
  request.staff = await loadStaffSession(app.database.db, { token, vendorId: vendor.id });
  // A cookie that names no usable session is dead weight: tell the browser to drop it.
  if (!request.staff) clearSessionCookie(request, reply, app.config.PUBLIC_URL);
}

function checkCsrf(app: FastifyInstance, request: FastifyRequest) {
  if (SAFE_METHODS.has(request.method)) return;
  if (request.routeOptions.config.preSession) {
    if (!isSameOriginRequest(request, app.config.PUBLIC_URL)) throw csrfRefused();
    return;
  }
  // Without a session there is nothing to forge; the route's guard answers 401. A key is sent by
  // the integrator's own code in a header no other site can make a browser send.
  if (!request.staff || request.staff.apiKey) return;
  const given = request.headers[CSRF_HEADER];
  if (!isValidStaffCsrfToken(app.config.SESSION_SECRET, request.staff.sessionId, given)) {
    throw csrfRefused();
  }
}

/** Every internal route must say who may call it: requireStaff(permission), or preSession. */
function assertGuarded(route: RouteOptions) {
  if (!route.url.startsWith(INTERNAL_API_PREFIX)) return;
  if (route.config?.preSession) return;
  const handlers = [route.preHandler ?? []].flat();
  if (handlers.some((handler) => typeof handler === "function" && STAFF_GUARD in handler)) return;
  throw new Error(
    `${route.method} ${route.url} is an internal route without requireStaff(permission) in its preHandler`,
  );
}

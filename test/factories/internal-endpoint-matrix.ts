// The tenant-isolation matrix: every internal endpoint × every role × where the target lives (own
// location, another location of the vendor, another vendor, or the session replayed on another
// vendor's host). Older endpoints derive their expected statuses from the permission table; new
// ones write every status as a literal (`statuses`), so a wrong grant cannot pass unnoticed.
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../src/server/auth/session-token.ts";
import { can, VENDOR_WIDE_FROM } from "../../src/server/permissions/permission-table.ts";
import { ROLE_LEVELS, ROLES, type RoleLevel, type RoleName } from "../../src/shared/domain.ts";
import type { Permission } from "../../src/shared/permissions.ts";
import {
  type SignedIn,
  type StaffFixture,
  type StaffWorld,
  signInAs,
  uniqueRemoteAddress,
} from "./staff.ts";

export type MatrixScenario = "own" | "other_location" | "other_vendor" | "foreign_host";

export type EndpointTarget = {
  /** the vendor world the target resource belongs to */
  world: StaffWorld;
  location: { id: number; name: string };
  /** the account making the call */
  account: StaffFixture;
};

export type InternalEndpoint = {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: (target: EndpointTarget) => string;
  body?: (target: EndpointTarget) => unknown;
  permission: Permission;
  /** status of an allowed call */
  okStatus: number;
  /** what the path names: nothing, a vendor-wide resource, or a resource at a location */
  resource: "none" | "vendor" | "location";
  /** "none" for routes used before a session exists (sign-in): the call carries no cookie */
  session?: "required" | "none";
  /** the call ends the session it uses, so it must not be shared with other cases */
  consumesSession?: boolean;
  /** a different expectation for some cells; undefined keeps the default */
  expect?: (role: RoleLevel, scenario: MatrixScenario) => number | undefined;
  /**
   * Every cell's status written out as a literal, so a wrong grant in the permission table fails
   * the test instead of moving its expectation along with it. New endpoints give this; the
   * permission and the default rule then only name the endpoint.
   */
  statuses?: LiteralStatuses;
};

/** Per role name, the status of each scenario the endpoint's resource kind has. */
export type LiteralStatuses = Record<RoleName, Partial<Record<MatrixScenario, number>>>;

export type MatrixContext = { app: FastifyInstance; home: StaffWorld; other: StaffWorld };

const ROLE_NAMES = Object.fromEntries(Object.entries(ROLES).map(([name, level]) => [level, name]));

/** The status a role should get for an endpoint in a scenario, from the permission table. */
export function expectedStatus(
  endpoint: InternalEndpoint,
  role: RoleLevel,
  scenario: MatrixScenario,
): number {
  if (endpoint.statuses) {
    const literal = endpoint.statuses[ROLE_NAMES[role] as RoleName]?.[scenario];
    if (literal === undefined)
      throw new Error(`${endpoint.name}: no status written for ${ROLE_NAMES[role]}, ${scenario}`);
    return literal;
  }
  const override = endpoint.expect?.(role, scenario);
  if (override !== undefined) return override;
  if (endpoint.session === "none") {
    if (scenario === "foreign_host") return role === ROLES.platform_admin ? endpoint.okStatus : 401;
    return endpoint.okStatus;
  }
  // A session is valid only on the host of the vendor it was opened for.
  if (scenario === "foreign_host") return 401;
  if (!can(role, endpoint.permission)) return 403;
  // Resources the caller may not see are answered as if they did not exist.
  if (scenario === "other_vendor") return 404;
  if (scenario === "other_location" && role < VENDOR_WIDE_FROM) return 404;
  return endpoint.okStatus;
}

function scenariosOf(endpoint: InternalEndpoint): MatrixScenario[] {
  if (endpoint.resource === "none") return ["own", "foreign_host"];
  if (endpoint.resource === "vendor") return ["own", "other_vendor", "foreign_host"];
  return ["own", "other_location", "other_vendor", "foreign_host"];
}

export function describeInternalEndpointMatrix(
  title: string,
  endpoints: InternalEndpoint[],
  context: () => MatrixContext,
) {
  // One session per role, shared by cases that leave it alive (sign-in costs an argon2 verification).
  const sessions = new Map<string, Promise<SignedIn>>();
  function sessionFor(
    ctx: MatrixContext,
    account: StaffFixture,
    fresh: boolean,
  ): Promise<SignedIn> {
    const key = `${ctx.home.vendor.id}:${account.id}`;
    if (fresh) {
      // "Sign out everywhere" would take the shared session with it: the next case signs in anew.
      sessions.delete(key);
      return signInAs(ctx.app, account, ctx.home.vendor.host);
    }
    let session = sessions.get(key);
    if (!session) {
      session = signInAs(ctx.app, account, ctx.home.vendor.host);
      sessions.set(key, session);
    }
    return session;
  }

  describe(title, () => {
    for (const endpoint of endpoints) {
      for (const role of ROLE_LEVELS) {
        for (const scenario of scenariosOf(endpoint)) {
          const status = expectedStatus(endpoint, role, scenario);
          it(`${endpoint.name}: ${ROLE_NAMES[role]} (${role}), ${scenario.replace("_", " ")} → ${status}`, async () => {
            const ctx = context();
            const account = ctx.home.staff[role];
            const target: EndpointTarget = {
              world: scenario === "other_vendor" ? ctx.other : ctx.home,
              location:
                scenario === "other_vendor"
                  ? ctx.other.locations[0]
                  : scenario === "other_location"
                    ? ctx.home.locations[1]
                    : ctx.home.locations[0],
              account,
            };
            const headers: Record<string, string> = {
              host: scenario === "foreign_host" ? ctx.other.vendor.host : ctx.home.vendor.host,
            };
            if (endpoint.session !== "none") {
              const session = await sessionFor(ctx, account, endpoint.consumesSession === true);
              headers.cookie = session.cookie;
              headers["x-csrf-token"] = session.csrfToken;
            }
            const body = endpoint.body?.(target);
            const response = await ctx.app.inject({
              method: endpoint.method,
              url: endpoint.path(target),
              headers,
              remoteAddress: uniqueRemoteAddress(),
              ...(body === undefined ? {} : { payload: body as object }),
            });
            expect(response.statusCode, response.body).toBe(status);
            if (status === 404) expect(response.json().errors[0].code).toBe("not_found");
            if (status >= 400 && endpoint.session === "none") {
              expect(response.cookies.some((c) => c.name === SESSION_COOKIE && c.value)).toBe(
                false,
              );
            }
          });
        }
      }
    }
  });
}

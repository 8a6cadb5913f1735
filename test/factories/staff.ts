// Test fixtures for staff sign-in: vendors reachable by their own host, locations, and one account
// per role, built directly in the database (independent of the demo seed's content).
import { randomBytes } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { SESSION_COOKIE } from "../../src/server/auth/session-token.ts";
import type { Db } from "../../src/server/db/client.ts";
import {
  locations,
  userLocations,
  users,
  vendorDomains,
  vendors,
} from "../../src/server/db/schema.ts";
import { hashPassword } from "../../src/server/security/password-hash.ts";
import { ROLE_LEVELS, ROLES, type RoleLevel } from "../../src/shared/domain.ts";

export const FIXTURE_PASSWORD = "fixture-password-42";

// argon2 costs tens of milliseconds: one hash per password serves every fixture account.
const hashes = new Map<string, Promise<string>>();
function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

const unique = () => randomBytes(4).toString("hex");

export type VendorFixture = { id: number; slug: string; host: string };
export type StaffFixture = {
  id: number;
  vendorId: number;
  email: string;
  password: string;
  roleLevel: RoleLevel;
  locationIds: number[];
};

export async function createVendor(
  db: Db,
  options: { slug?: string } = {},
): Promise<VendorFixture> {
  const slug = options.slug ?? `vendor-${unique()}`;
  const [vendor] = await db
    .insert(vendors)
    .values({ slug, name: `Vendor ${slug}` })
    .returning();
  const host = `${slug}.nextline.test`;
  await db.insert(vendorDomains).values({ host, vendorId: vendor!.id });
  return { id: vendor!.id, slug, host };
}

export async function createLocation(
  db: Db,
  vendorId: number,
  options: { name?: string } = {},
): Promise<{ id: number; name: string }> {
  const closed = null;
  const open = [{ open: "09:00", closed: "17:00" }];
  const [row] = await db
    .insert(locations)
    .values({
      vendorId,
      name: options.name ?? `Branch ${unique()}`,
      address: "1 Main Street",
      city: "Toronto",
      country: "CA",
      latitude: 43.65,
      longitude: -79.38,
      timezone: "America/Toronto",
      hours: {
        monday: open,
        tuesday: open,
        wednesday: open,
        thursday: open,
        friday: open,
        saturday: closed,
        sunday: closed,
      },
    })
    .returning({ id: locations.id, name: locations.name });
  return row!;
}

export async function createStaffUser(
  db: Db,
  options: {
    vendorId: number;
    roleLevel: RoleLevel;
    locationIds?: number[];
    password?: string;
    email?: string;
    active?: boolean;
  },
): Promise<StaffFixture> {
  const password = options.password ?? FIXTURE_PASSWORD;
  const email = options.email ?? `role${options.roleLevel}-${unique()}@staff.test`;
  const [user] = await db
    .insert(users)
    .values({
      vendorId: options.vendorId,
      email,
      firstName: "Role",
      lastName: String(options.roleLevel),
      passwordHash: await hashOf(password),
      roleLevel: options.roleLevel,
      active: options.active ?? true,
    })
    .returning({ id: users.id });
  const locationIds = options.locationIds ?? [];
  if (locationIds.length > 0) {
    await db.insert(userLocations).values(
      locationIds.map((locationId) => ({
        vendorId: options.vendorId,
        userId: user!.id,
        locationId,
      })),
    );
  }
  return {
    id: user!.id,
    vendorId: options.vendorId,
    email,
    password,
    roleLevel: options.roleLevel,
    locationIds,
  };
}

/** A vendor with two locations and one account per role; accounts below Manager work at the first. */
export type StaffWorld = {
  vendor: VendorFixture;
  locations: [{ id: number; name: string }, { id: number; name: string }];
  staff: Record<RoleLevel, StaffFixture>;
};

export async function createStaffWorld(db: Db): Promise<StaffWorld> {
  const vendor = await createVendor(db);
  const first = await createLocation(db, vendor.id, { name: "A First Branch" });
  const second = await createLocation(db, vendor.id, { name: "B Second Branch" });
  const staff = {} as Record<RoleLevel, StaffFixture>;
  for (const roleLevel of ROLE_LEVELS) {
    const locationIds = roleLevel < ROLES.manager ? [first.id] : [];
    staff[roleLevel] = await createStaffUser(db, { vendorId: vendor.id, roleLevel, locationIds });
  }
  return { vendor, locations: [first, second], staff };
}

export type SignedIn = { cookie: string; csrfToken: string; response: LightMyRequestResponse };

/** The nl_session cookie pair ("nl_session=…") a response sets, for the next request's Cookie header. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}

// Each fixture sign-in comes from its own address, so the per-IP sign-in limit never trips a test
// that is not about it.
let addresses = 0;
export function uniqueRemoteAddress(): string {
  addresses += 1;
  return `10.9.${Math.floor(addresses / 250) % 250}.${addresses % 250}`;
}

/** Signs in through the real endpoint on `host` (the account's own vendor host by default). */
export async function signInAs(
  app: FastifyInstance,
  account: Pick<StaffFixture, "email" | "password">,
  host: string,
  options: { remoteAddress?: string } = {},
): Promise<SignedIn> {
  const response = await app.inject({
    method: "POST",
    url: "/api/internal/v1/session",
    headers: { host },
    remoteAddress: options.remoteAddress ?? uniqueRemoteAddress(),
    payload: { email: account.email, password: account.password },
  });
  const cookie = sessionCookieOf(response);
  if (response.statusCode !== 200 || !cookie) {
    throw new Error(
      `sign-in of ${account.email} on ${host} failed: ${response.statusCode} ${response.body}`,
    );
  }
  return { cookie, csrfToken: response.json().csrf_token as string, response };
}

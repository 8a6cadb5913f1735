// Who is calling an internal route: the signed-in user, the vendor the session acts in, the role,
// and the locations the staff member may act on. Loaded once per request from the session, or from
// the API key the request bears.
import type { RoleLevel } from "../../shared/domain.ts";
import type { Permission } from "../../shared/permissions.ts";

export type StaffUser = {
  id: number;
  /** the vendor the account belongs to; differs from StaffContext.vendorId only for platform admins */
  vendorId: number;
  email: string;
  firstName: string;
  lastName: string;
  lang: string;
};

export type StaffContext = {
  user: StaffUser;
  /** the vendor every query of this request is scoped to (the session's vendor) */
  vendorId: number;
  roleLevel: RoleLevel;
  /** every location of the vendor from Manager up; the assigned locations below */
  locationIds: readonly number[];
  /** true from Manager up: scope by vendor only, never by a location list */
  allLocations: boolean;
  /** sessions.id (sha256 of the cookie token), for sign-out and the CSRF token */
  sessionId: string;
  /**
   * Set when the request is authenticated by an API key (src/server/api-keys/), not a session:
   * `user` is then the key's creator, and a permission is held only when it is also in `scopes`.
   */
  apiKey?: { id: number; scopes: ReadonlySet<Permission> };
};

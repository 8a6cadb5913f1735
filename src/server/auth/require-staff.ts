// requireStaff(permission): the preHandler every internal route carries. 401 without a session,
// 403 when the role (or the API key's scopes) lacks the permission (the permission table is no
// secret, the page exists).
import type { FastifyRequest } from "fastify";
import type { Permission } from "../../shared/permissions.ts";
import { AppError } from "../http/app-error.ts";
import { can } from "../permissions/permission-table.ts";
import type { StaffContext } from "./staff-context.ts";

/** Marks a preHandler as a staff guard, so the route check at start-up can find it. */
export const STAFF_GUARD = Symbol.for("nextline.staff-guard");

export const signInRequired = () =>
  new AppError("unauthenticated", { code: "unauthenticated", messageId: "Auth.sign_in_required" });

export const permissionDenied = () =>
  new AppError("forbidden", { code: "forbidden", messageId: "Auth.forbidden" });

export function requireStaff(permission: Permission) {
  async function guard(request: FastifyRequest) {
    if (!request.staff) throw signInRequired();
    if (!staffCan(request.staff, permission)) throw permissionDenied();
  }
  return Object.assign(guard, { [STAFF_GUARD]: permission });
}

/**
 * Whether the caller holds a permission: their role grants it and, for a request made with an API
 * key, the key's scopes name it too. Handlers that check a further permission use this, never
 * can(roleLevel) alone, so a key never reaches past its scopes.
 */
export function staffCan(
  staff: Pick<StaffContext, "roleLevel" | "apiKey">,
  permission: Permission,
) {
  if (staff.apiKey && !staff.apiKey.scopes.has(permission)) return false;
  return can(staff.roleLevel, permission);
}

/** The caller of a route guarded by requireStaff; throws if the guard was forgotten. */
export function staffOf(request: FastifyRequest): StaffContext {
  if (!request.staff) throw signInRequired();
  return request.staff;
}

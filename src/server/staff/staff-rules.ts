// Who may do what to whom in staff administration, beyond staff.manage: nobody gives a role above
// what they may grant (contracts/staff.ts grantableRoles), nobody changes someone above that
// ceiling, and nobody deactivates themselves or lowers their own role. Enforced here, on the server.
import { grantableRoles } from "../../shared/contracts/staff.ts";
import { AppError } from "../http/app-error.ts";

type Actor = { id: number | null; roleLevel: number };

/** Whether the actor may change this staff member at all (themselves always, for their own details). */
export function mayManage(actor: Actor, target: { id: number; roleLevel: number }): boolean {
  return actor.id === target.id || grantableRoles(actor.roleLevel).includes(target.roleLevel);
}

export function assertMayManage(actor: Actor, target: { id: number; roleLevel: number }): void {
  if (!mayManage(actor, target)) {
    throw new AppError("forbidden", {
      code: "role_ceiling",
      messageId: "Office.staff.error.role_ceiling",
    });
  }
}

/** A role given (on invitation, or a change of role) must be one the actor may grant. */
export function assertMayGrant(actor: Actor, roleLevel: number): void {
  if (!grantableRoles(actor.roleLevel).includes(roleLevel)) {
    throw new AppError("forbidden", {
      code: "role_not_grantable",
      messageId: "Office.staff.error.role_not_grantable",
      pointer: "/data/attributes/role_level",
    });
  }
}

/** Changes one may not make to oneself: deactivating, or lowering one's own role. */
export function assertSelfChangeAllowed(
  actor: Actor,
  target: { id: number; roleLevel: number },
  change: { active?: boolean | undefined; roleLevel?: number | undefined },
): void {
  if (actor.id !== target.id) return;
  if (change.active === false) {
    throw new AppError("unprocessable", {
      code: "cannot_deactivate_self",
      messageId: "Office.staff.error.cannot_deactivate_self",
      pointer: "/data/attributes/active",
    });
  }
  if (change.roleLevel !== undefined && change.roleLevel < target.roleLevel) {
    throw new AppError("unprocessable", {
      code: "cannot_lower_own_role",
      messageId: "Office.staff.error.cannot_lower_own_role",
      pointer: "/data/attributes/role_level",
    });
  }
}

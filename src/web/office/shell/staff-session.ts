// The signed-in staff member, for every page inside the office shell (GET /me), and what their
// role allows. The web only hides what the server would refuse (docs/permissions.md).
import { createContext, useContext } from "react";
import type { Permission } from "../../../shared/permissions.ts";
import type { Me } from "../../api/office/me.ts";

export const StaffSessionContext = createContext<Me | null>(null);

export function useStaffSession(): Me {
  const me = useContext(StaffSessionContext);
  if (!me) throw new Error("an office page rendered outside the office layout");
  return me;
}

/** A permission of docs/permissions.md, such as "queue.serve". */
export function hasPermission(me: Pick<Me, "permissions">, permission: Permission): boolean {
  return me.permissions.includes(permission);
}

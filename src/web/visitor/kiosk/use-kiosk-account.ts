// A kiosk device signs in with a Kiosk account (role level 7), which belongs to one location: the
// kiosk then serves that location whatever the URL says (spec §4, §6).
import { useQuery } from "@tanstack/react-query";
import { ROLES } from "../../../shared/domain.ts";
import { meQueryOptions } from "../../api/office/me.ts";

export type KioskAccount = { pending: boolean; lockedLocationId: string | null };

export function useKioskAccount(): KioskAccount {
  // No staff session is the usual case (a 401, read as null): never retried.
  const me = useQuery({ ...meQueryOptions(), retry: false });
  if (me.isPending) return { pending: true, lockedLocationId: null };
  const account = me.data;
  const location = account?.role.level === ROLES.kiosk ? account.locations[0] : undefined;
  return { pending: false, lockedLocationId: location ? String(location.id) : null };
}

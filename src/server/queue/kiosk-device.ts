// Who may join the line as a lobby kiosk (booked_through kiosk, or mode=kiosk): only a kiosk device
// signed in with its Kiosk account (role level 7), at the location that account is locked to. A
// kiosk join skips the contact and agreement rules meant for a visitor's own device (spec §5), so
// the claim is proven by the session the device signed in with through the office sign-in; the
// page's CSRF token guards the call as it guards every open join.
import type { FastifyRequest } from "fastify";
import { ROLES } from "../../shared/domain.ts";
import { SESSION_COOKIE } from "../auth/session-token.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import { loadStaffSession } from "../auth/staff-sessions.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../http/app-error.ts";

export async function requireKioskDevice(
  request: FastifyRequest,
  db: Db,
  options: {
    vendorId: number;
    locationId: number;
    /** where the document claimed the kiosk: /data/attributes/booked_through or …/mode */
    pointer: string;
  },
): Promise<StaffContext> {
  const token = request.cookies[SESSION_COOKIE];
  const session = token ? await loadStaffSession(db, { token, vendorId: options.vendorId }) : null;
  // A manager may set a device up, but a kiosk join is a device's: its account is a Kiosk account.
  if (session?.roleLevel !== ROLES.kiosk) {
    throw new AppError("forbidden", {
      code: "kiosk_sign_in_required",
      messageId: "Kiosk.sign_in_required",
      pointer: options.pointer,
    });
  }
  if (!session.locationIds.includes(options.locationId)) {
    throw new AppError("forbidden", {
      code: "kiosk_other_location",
      messageId: "Kiosk.other_location",
      pointer: "/data/attributes/location_id",
    });
  }
  return session;
}

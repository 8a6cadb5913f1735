// A demo vendor's people through the staff, groups and rooms commands, as the seed's system actor:
// each member created with their demo password (the one command-level way to set a known one; the
// invite endpoint cannot), their desks and services, then the staff groups and rooms, and the break
// one of them takes shortly after "now".

import { roomCreateSchema } from "../../shared/contracts/room.ts";
import { staffInviteBodySchema } from "../../shared/contracts/staff.ts";
import { staffGroupCreateSchema } from "../../shared/contracts/staff-group.ts";
import { ROLES } from "../../shared/domain.ts";
import type { Tx } from "../db/client.ts";
import type { DemoVendor, InsertedVendor } from "../db/demo/demo-vendor.ts";
import { staffShifts } from "../db/schema.ts";
import { createGroup } from "../groups/group-admin.ts";
import { createRoom } from "../rooms/room-admin.ts";
import { inviteStaff } from "../staff/staff-commands.ts";
import { required } from "./insert-demo-vendor.ts";

export async function insertDemoStaff(
  tx: Tx,
  vendorId: number,
  demo: DemoVendor,
  passwordHashes: ReadonlyMap<string, string>,
  ids: { locationId(key: string): number; serviceId(key: string): number; now: Date },
): Promise<InsertedVendor["staff"]> {
  // The system grants every role, platform admins included, and acts at every location.
  const actor = { id: null, roleLevel: ROLES.platform_admin, vendorId };
  const staff: InsertedVendor["staff"] = [];
  for (const definition of demo.staff) {
    const body = staffInviteBodySchema.parse({
      data: {
        type: "staff",
        attributes: {
          email: definition.email,
          first_name: definition.firstName,
          last_name: definition.lastName,
          role_level: definition.roleLevel,
          lang: definition.lang ?? "en",
          locations: definition.locations.map(({ location, desk }) => ({
            location_id: String(ids.locationId(location)),
            desk,
          })),
        },
      },
    });
    const { attributes } = body.data;
    const created = await inviteStaff(
      tx,
      actor,
      {
        ...attributes,
        locations: attributes.locations.map((l) => ({
          location_id: Number(l.location_id),
          desk: l.desk ?? null,
        })),
        service_ids: (definition.services ?? []).map(ids.serviceId),
        password_hash: required(passwordHashes, definition.password, "password hash"),
      },
      ids.now,
    );
    staff.push({ id: created.row.id, definition });
  }
  const staffId = (email: string) => {
    const person = staff.find((s) => s.definition.email === email);
    if (!person) throw new Error(`demo data names an unknown staff member: ${email}`);
    return person.id;
  };

  const scope = { vendorId, actorUserId: null };
  for (const group of demo.groups ?? []) {
    const body = staffGroupCreateSchema.parse({
      data: {
        type: "groups",
        attributes: {
          name: group.name,
          description: group.description,
          member_ids: group.members.map((email) => String(staffId(email))),
        },
      },
    });
    await createGroup(tx, scope, body.data.attributes);
  }
  const caller = { vendorId, allLocations: true, locationIds: [], user: { id: null } };
  for (const { location, ...room } of demo.rooms ?? []) {
    const body = roomCreateSchema.parse({
      data: {
        type: "rooms",
        attributes: { location_id: String(ids.locationId(location)), ...room },
      },
    });
    await createRoom(tx, caller, body.data.attributes);
  }

  if (demo.breakToday) {
    // The shifts command plans weeks and dated days in whole wall-clock minutes; this break is
    // an instant relative to "now", live state like the visits, so it is written as they are.
    const { email, location, startsInMinutes, minutes } = demo.breakToday;
    const startsAt = new Date(ids.now.getTime() + startsInMinutes * 60_000);
    await tx.insert(staffShifts).values({
      vendorId,
      userId: staffId(email),
      locationId: ids.locationId(location),
      kind: "break",
      startsAt,
      endsAt: new Date(startsAt.getTime() + minutes * 60_000),
    });
  }
  return staff;
}

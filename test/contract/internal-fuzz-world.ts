// The data the staff API fuzz runs against: two vendors (lobby worlds), visitors waiting at the home
// vendor's locations, and signed-in sessions of the roles that may use each endpoint. Sessions that
// an endpoint ends (sign-out, sign-out everywhere) belong to accounts of their own and are opened
// again when a fuzzed call has ended them.

import { newApiKeyToken } from "../../src/server/api-keys/api-key-token.ts";
import type { App } from "../../src/server/app.ts";
import type { Db } from "../../src/server/db/client.ts";
import {
  apiKeys,
  appointments,
  clients,
  locationServices,
  rooms,
  serviceCategories,
  staffGroups,
  staffShifts,
} from "../../src/server/db/schema.ts";
import {
  addVisitor,
  createLobbyWorld,
  type LobbyWorld,
} from "../../src/server/lobby/lobby-test-world.ts";
import { ROLES } from "../../src/shared/domain.ts";
import { addClient, addWalkIn } from "../factories/clients.ts";
import { createQuestion } from "../factories/questions.ts";
import { createService } from "../factories/services.ts";
import {
  createLocation,
  createStaffUser,
  type SignedIn,
  type StaffFixture,
  signInAs,
} from "../factories/staff.ts";
import { createVendor } from "../factories/vendors.ts";

/** Who signs in for a fuzzed call. */
export type FuzzAccount = "manager" | "platform" | "signOut" | "signOutEverywhere";

const WAITING_PER_LOCATION = 15;

export async function createInternalFuzzWorld(app: App, db: Db) {
  const home = await createLobbyWorld(db);
  const other = await createLobbyWorld(db);
  const visitorIds: number[] = [];
  for (const location of home.locations) {
    for (let i = 0; i < WAITING_PER_LOCATION; i++) {
      const visitor = await addVisitor(db, {
        vendorId: home.vendor.id,
        locationId: location.id,
        serviceId: home.services.accounts.id,
        meetingMethod: i % 3 === 0 ? 3 : 1,
      });
      visitorIds.push(visitor.id);
    }
  }
  const otherVisitor = await addVisitor(db, {
    vendorId: other.vendor.id,
    locationId: other.locations[0].id,
    serviceId: other.services.accounts.id,
  });

  // What the administration fuzzers change, apart from the services and questions the other
  // fuzzers' visitors use: an archived or re-offered target leaves their lines alone.
  const adminTargets = async (vendorId: number, locationId: number) => {
    const service = await createService(db, vendorId, { locationIds: [locationId], name: "Fuzz" });
    const question = await createQuestion(db, vendorId, {
      type: "radio",
      options: [{ text: "Yes" }, { text: "No" }],
      serviceIds: [service.id],
    });
    const [category] = await db
      .insert(serviceCategories)
      .values({ vendorId, name: "Fuzz" })
      .returning();
    return { service, question, category: category! };
  };
  const admin = await adminTargets(home.vendor.id, home.locations[0].id);
  const otherAdmin = await adminTargets(other.vendor.id, other.locations[0].id);

  // The staff group and the room the groups and rooms fuzzers change, and the other vendor's.
  const organisationTargets = async (vendorId: number, locationId: number) => {
    const [group] = await db
      .insert(staffGroups)
      .values({ vendorId, name: "Fuzz group" })
      .returning({ id: staffGroups.id });
    const [room] = await db
      .insert(rooms)
      .values({ vendorId, locationId, name: "Fuzz room", capacity: 4 })
      .returning({ id: rooms.id });
    return { groupId: group!.id, roomId: room!.id };
  };
  const organisation = await organisationTargets(home.vendor.id, home.locations[0].id);
  const otherOrganisation = await organisationTargets(other.vendor.id, other.locations[0].id);

  // An API key each vendor has, for the revocation fuzz (the other vendor's must stay unknown).
  const apiKeyOf = async (vendorId: number) => {
    const { prefix, secretHash } = newApiKeyToken();
    const [key] = await db
      .insert(apiKeys)
      .values({ vendorId, name: "Fuzz key", prefix, secretHash, scopes: ["queue.view"] })
      .returning({ id: apiKeys.id });
    return key!.id;
  };
  const apiKeyIds = {
    home: await apiKeyOf(home.vendor.id),
    other: await apiKeyOf(other.vendor.id),
  };

  // The schedule fuzz's appointments (far ahead, nobody else's), a client to book for, and a staff
  // member of its own to book with, on shift on the days its bookings name (6–8 January 2031,
  // mornings to evenings in Toronto): the staff fuzzers may deactivate the others or give them a
  // roster, which made a 201 a matter of which fuzz ran first. The same for the location: a
  // branch of its own (Monday to Friday, 9 to 5 in Toronto), since the hours fuzz may close the
  // shared ones on the very days the bookings name.
  const scheduleTargets = async (vendorId: number, serviceId: number) => {
    const { id: locationId } = await createLocation(db, vendorId, { name: "Schedule fuzz branch" });
    await db.insert(locationServices).values({ vendorId, locationId, serviceId });
    const booker = await createStaffUser(db, {
      vendorId,
      roleLevel: ROLES.staff,
      locationIds: [locationId],
    });
    await db.insert(staffShifts).values(
      [6, 7, 8].map((day) => ({
        vendorId,
        userId: booker.id,
        locationId,
        startsAt: new Date(Date.UTC(2031, 0, day, 13)),
        endsAt: new Date(Date.UTC(2031, 0, day, 23)),
      })),
    );
    const rows = await db
      .insert(appointments)
      .values(
        Array.from({ length: 30 }, (_, n) => ({
          vendorId,
          locationId,
          serviceId,
          status: 1,
          startsAt: new Date(Date.UTC(2032, 0, 1 + n, 15)),
          endsAt: new Date(Date.UTC(2032, 0, 1 + n, 16)),
          confirmCode: `FUZZ${String(vendorId).padStart(6, "0")}${String(n).padStart(6, "0")}`,
        })),
      )
      .returning({ id: appointments.id });
    const [client] = await db
      .insert(clients)
      .values({ vendorId, firstName: "Fuzz", lastName: "Client", email: "fuzz@example.com" })
      .returning({ id: clients.id });
    return { appointmentIds: rows.map((row) => row.id), clientId: client!.id, locationId };
  };
  // The clients the clients fuzzers read, change and merge: one to keep, duplicates to merge into
  // it (each merge uses one up), each seen at the home location; and the other vendor's client.
  const clientTargets = async (vendorId: number, locationId: number, serviceId: number) => {
    const seen = async (lastName: string) => {
      const client = await addClient(db, vendorId, { firstName: "Fuzz", lastName });
      await addWalkIn(db, {
        vendorId,
        locationId,
        serviceId,
        clientId: client.id,
        createdAt: new Date(),
      });
      return client.id;
    };
    const keptId = await seen("Kept");
    const duplicateIds: number[] = [];
    for (let i = 0; i < 12; i++) duplicateIds.push(await seen("Duplicate"));
    return { keptId, duplicateIds };
  };
  const schedule = await scheduleTargets(home.vendor.id, home.services.accounts.id);
  const otherSchedule = await scheduleTargets(other.vendor.id, other.services.accounts.id);
  const clientsFuzzed = await clientTargets(
    home.vendor.id,
    home.locations[0].id,
    home.services.accounts.id,
  );
  const otherClients = await clientTargets(
    other.vendor.id,
    other.locations[0].id,
    other.services.accounts.id,
  );

  // The vendor the vendor-edit fuzz renames and re-hosts: no other fuzzed call resolves through it.
  const editedVendor = await createVendor(db, { hosts: ["fuzz-edited.example"] });

  const accounts: Record<FuzzAccount, StaffFixture> = {
    manager: home.staff[ROLES.manager],
    platform: home.staff[ROLES.platform_admin],
    signOut: home.staff[ROLES.staff_plus],
    signOutEverywhere: home.staff[ROLES.staff_advanced],
  };
  const sessions = new Map<FuzzAccount, SignedIn>();
  const otherSession = await signInAs(app, other.staff[ROLES.manager], other.vendor.host);

  // Staff administration's targets: people no fuzzed call signs in as, so deactivating them is harmless.
  const staffIds: number[] = [];
  for (const roleLevel of [ROLES.staff, ROLES.staff_plus, ROLES.admin]) {
    const person = await createStaffUser(db, {
      vendorId: home.vendor.id,
      roleLevel,
      locationIds: [home.locations[0].id],
    });
    staffIds.push(person.id);
  }
  // The password-reset fuzz's own target: the PATCH fuzz may leave its targets deactivated, and a
  // deactivated member gets a 422, so sharing them made a 202 a matter of which fuzz ran last.
  const resetStaff = await createStaffUser(db, {
    vendorId: home.vendor.id,
    roleLevel: ROLES.staff,
    locationIds: [home.locations[0].id],
  });
  const foreignStaffId = other.staff[ROLES.staff].id;

  const foreignFor = new Map<number, number>([
    ...staffIds.map((id): [number, number] => [id, foreignStaffId]),
    [resetStaff.id, foreignStaffId],
    [home.locations[0].id, other.locations[0].id],
    [home.locations[1].id, other.locations[1].id],
    [home.services.accounts.id, other.services.accounts.id],
    [home.services.loans.id, other.services.loans.id],
    ...visitorIds.map((id): [number, number] => [id, otherVisitor.id]),
    ...schedule.appointmentIds.map((id): [number, number] => [
      id,
      otherSchedule.appointmentIds[0]!,
    ]),
    [schedule.clientId, otherSchedule.clientId],
    [admin.service.id, otherAdmin.service.id],
    [clientsFuzzed.keptId, otherClients.keptId],
    ...clientsFuzzed.duplicateIds.map((id): [number, number] => [id, otherClients.keptId]),
    [admin.question.id, otherAdmin.question.id],
    [admin.category.id, otherAdmin.category.id],
    ...admin.question.options.map((option, index): [number, number] => [
      option.id,
      otherAdmin.question.options[index]!.id,
    ]),
  ]);

  return {
    home,
    other: other as LobbyWorld,
    visitorIds,
    locationIds: home.locations.map((location) => location.id),
    /** the service, question and category the administration fuzzers change, and the other vendor's */
    admin,
    otherAdmin,
    /** the staff group and room the groups and rooms fuzzers change, and the other vendor's */
    organisation,
    otherOrganisation,
    /** the API key the revocation fuzz revokes, and the other vendor's */
    apiKeyIds,
    /** the appointments and the client the schedule fuzz changes and books for, and another vendor's */
    schedule: { ...schedule, otherAppointmentId: otherSchedule.appointmentIds[0]! },
    /** the clients the clients fuzzers read, change and merge, and the other vendor's */
    clientsFuzzed,
    otherClients,
    /** the vendor PATCH /vendors/{id} is fuzzed on, and the two it may only read */
    editedVendorId: editedVendor.id,
    readOnlyVendorIds: [home.vendor.id, other.vendor.id],
    foreignIds: [...other.locations.map((location) => location.id), otherVisitor.id],
    /** staff members of the home vendor that staff administration is fuzzed on */
    staffIds,
    /** the staff member only the password-reset fuzz targets: nothing else fuzzed deactivates it */
    resetStaffIds: [resetStaff.id],
    foreignStaffIds: [foreignStaffId],
    /** the sign-in fuzz's account: its failures may lock it, which locks no other fuzz out */
    signInAccount: home.staff[ROLES.staff],
    otherSession,
    /** the account's live session, signed in again when a fuzzed call has ended it */
    async session(account: FuzzAccount): Promise<SignedIn> {
      let session = sessions.get(account);
      if (!session) {
        session = await signInAs(app, accounts[account], home.vendor.host);
        sessions.set(account, session);
      }
      return session;
    },
    /** after a sign-out answered 204: the next call signs in again */
    ended(account: FuzzAccount) {
      sessions.delete(account);
    },
    /** the other vendor's id for one of ours (as a string or a number, as given), else null */
    swapIds(value: unknown): unknown {
      const id = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
      if (typeof id !== "number") return null;
      const swapped = foreignFor.get(id);
      if (swapped === undefined) return null;
      return typeof value === "string" ? String(swapped) : swapped;
    },
  };
}

export type InternalFuzzWorld = Awaited<ReturnType<typeof createInternalFuzzWorld>>;

// Writes one demo vendor's definition to the database: vendor, domains, locations, services,
// questions with options, staff with their locations and services, staff groups, rooms, and
// today's break.

import { generateSecretToken } from "../../security/secret-token.ts";
import type { DbOrTx } from "../client.ts";
import {
  locationServices,
  locations,
  questionOptions,
  questionServices,
  questions,
  rooms,
  services,
  staffGroupMembers,
  staffGroups,
  staffShifts,
  userLocations,
  userServices,
  users,
  vendorDomains,
  vendors,
} from "../schema.ts";
import type {
  DemoLocation,
  DemoQuestion,
  DemoService,
  DemoStaff,
  DemoVendor,
} from "./demo-vendor.ts";

export type InsertedVendor = {
  vendorId: number;
  locations: Map<string, { id: number; definition: DemoLocation }>;
  services: Map<string, { id: number; definition: DemoService }>;
  questions: { id: number; definition: DemoQuestion; optionIds: number[] }[];
  staff: { id: number; definition: DemoStaff }[];
};

function required<T>(map: ReadonlyMap<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo data names an unknown ${what}: ${key}`);
  return value;
}

export async function insertDemoVendor(
  tx: DbOrTx,
  demo: DemoVendor,
  passwordHashes: ReadonlyMap<string, string>,
  now: Date,
): Promise<InsertedVendor> {
  const [vendor] = await tx.insert(vendors).values(demo.vendor).returning({ id: vendors.id });
  const vendorId = vendor!.id;
  if (demo.domains.length) {
    await tx.insert(vendorDomains).values(demo.domains.map((host) => ({ host, vendorId })));
  }

  const locationRows = await tx
    .insert(locations)
    .values(
      demo.locations.map(({ services: _s, waitingVisitors: _w, completedVisits: _c, ...row }) => ({
        ...row,
        vendorId,
        // A private branch's TV board shows only through its link: the demo has one ready, so a
        // manager finds it in the lobby and the board shows at once.
        boardToken: row.visibility === "private" ? generateSecretToken() : null,
      })),
    )
    .returning({ id: locations.id, externalId: locations.externalId });
  const locationIds = new Map(locationRows.map((row) => [row.externalId ?? "", row.id]));
  const insertedLocations = new Map(
    demo.locations.map((definition) => [
      definition.externalId,
      { id: required(locationIds, definition.externalId, "location"), definition },
    ]),
  );

  const serviceRows = await tx
    .insert(services)
    .values(demo.services.map(({ key: _k, remote: _r, ...row }) => ({ ...row, vendorId })))
    .returning({ id: services.id, name: services.name });
  const serviceIds = new Map(serviceRows.map((row) => [row.name, row.id]));
  const insertedServices = new Map(
    demo.services.map((definition) => [
      definition.key,
      { id: required(serviceIds, definition.name, "service"), definition },
    ]),
  );
  const serviceId = (key: string) => required(insertedServices, key, "service").id;
  const locationId = (key: string) => required(insertedLocations, key, "location").id;

  await tx.insert(locationServices).values(
    demo.locations.flatMap((location) =>
      location.services.map((key) => ({
        vendorId,
        locationId: locationId(location.externalId),
        serviceId: serviceId(key),
      })),
    ),
  );

  const insertedQuestions = await insertQuestions(tx, vendorId, demo.questions, serviceId);
  const insertedStaff = await insertStaff(
    tx,
    vendorId,
    demo.staff,
    passwordHashes,
    serviceId,
    locationId,
  );

  for (const group of demo.groups ?? []) {
    const [row] = await tx
      .insert(staffGroups)
      .values({ vendorId, name: group.name, description: group.description })
      .returning({ id: staffGroups.id });
    const members = group.members.map((email) => {
      const person = insertedStaff.find((s) => s.definition.email === email);
      if (!person) throw new Error(`demo group names an unknown staff member: ${email}`);
      return { vendorId, groupId: row!.id, userId: person.id };
    });
    if (members.length) await tx.insert(staffGroupMembers).values(members);
  }
  if (demo.rooms?.length) {
    await tx.insert(rooms).values(
      demo.rooms.map(({ location, ...room }) => ({
        vendorId,
        locationId: locationId(location),
        ...room,
      })),
    );
  }

  if (demo.breakToday) {
    const { email, location, startsInMinutes, minutes } = demo.breakToday;
    const person = insertedStaff.find((s) => s.definition.email === email);
    if (!person) throw new Error(`demo break names an unknown staff member: ${email}`);
    const startsAt = new Date(now.getTime() + startsInMinutes * 60_000);
    await tx.insert(staffShifts).values({
      vendorId,
      userId: person.id,
      locationId: locationId(location),
      kind: "break",
      startsAt,
      endsAt: new Date(startsAt.getTime() + minutes * 60_000),
    });
  }

  return {
    vendorId,
    locations: insertedLocations,
    services: insertedServices,
    questions: insertedQuestions,
    staff: insertedStaff,
  };
}

async function insertQuestions(
  tx: DbOrTx,
  vendorId: number,
  definitions: readonly DemoQuestion[],
  serviceId: (key: string) => number,
): Promise<InsertedVendor["questions"]> {
  const inserted: InsertedVendor["questions"] = [];
  for (const [index, definition] of definitions.entries()) {
    const { type, label, helpText, required: isRequired, translations } = definition;
    const [question] = await tx
      .insert(questions)
      .values({
        vendorId,
        type,
        label,
        helpText,
        required: isRequired,
        translations,
        sortOrder: (index + 1) * 10,
      })
      .returning({ id: questions.id });
    const questionId = question!.id;
    const optionIds: number[] = [];
    // One insert per option keeps their ids in the definition's order without relying on
    // the order of a multi-row RETURNING.
    for (const [position, option] of definition.options.entries()) {
      const [row] = await tx
        .insert(questionOptions)
        .values({ vendorId, questionId, ...option, sortOrder: (position + 1) * 10 })
        .returning({ id: questionOptions.id });
      optionIds.push(row!.id);
    }
    if (definition.services.length) {
      await tx
        .insert(questionServices)
        .values(
          definition.services.map((key) => ({ vendorId, questionId, serviceId: serviceId(key) })),
        );
    }
    inserted.push({ id: questionId, definition, optionIds });
  }
  return inserted;
}

async function insertStaff(
  tx: DbOrTx,
  vendorId: number,
  definitions: readonly DemoStaff[],
  passwordHashes: ReadonlyMap<string, string>,
  serviceId: (key: string) => number,
  locationId: (key: string) => number,
): Promise<InsertedVendor["staff"]> {
  const rows = await tx
    .insert(users)
    .values(
      definitions.map((person) => ({
        vendorId,
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        roleLevel: person.roleLevel,
        lang: person.lang ?? "en",
        passwordHash: required(passwordHashes, person.password, "password hash"),
      })),
    )
    .returning({ id: users.id, email: users.email });
  const ids = new Map(rows.map((row) => [row.email, row.id]));
  const staff = definitions.map((definition) => ({
    id: required(ids, definition.email, "user"),
    definition,
  }));

  const assignments = staff.flatMap(({ id, definition }) =>
    definition.locations.map(({ location, desk }) => ({
      vendorId,
      userId: id,
      locationId: locationId(location),
      desk,
    })),
  );
  if (assignments.length) await tx.insert(userLocations).values(assignments);
  const skills = staff.flatMap(({ id, definition }) =>
    (definition.services ?? []).map((key) => ({ vendorId, userId: id, serviceId: serviceId(key) })),
  );
  if (skills.length) await tx.insert(userServices).values(skills);
  return staff;
}

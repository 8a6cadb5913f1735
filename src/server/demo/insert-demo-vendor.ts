// Builds one demo vendor through the back office's own commands, as the seed's system actor (no
// user: its audit records name nobody): the vendor and its hosts, its branches with their hours,
// services, questions with options, then its staff, groups and rooms (insert-demo-staff.ts). Every
// definition goes through the contract its endpoint parses, so the demo cannot hold what the
// product would refuse. Only what no command writes yet is written directly, and says why.
import { eq } from "drizzle-orm";
import { locationCreateAttributesSchema } from "../../shared/contracts/admin-location.ts";
import { weeklyHoursInputSchema } from "../../shared/contracts/location-hours.ts";
import { questionCreateSchema } from "../../shared/contracts/question-admin.ts";
import { serviceCreateSchema } from "../../shared/contracts/service-admin.ts";
import type { Tx } from "../db/client.ts";
import type {
  DemoLocation,
  DemoService,
  DemoVendor,
  InsertedVendor,
} from "../db/demo/demo-vendor.ts";
import { locations, vendors } from "../db/schema.ts";
import { DomainEventBus } from "../events/domain-events.ts";
import { createLocation } from "../locations/admin/save-location.ts";
import { createQuestion } from "../questions/admin/question-admin.ts";
import { generateSecretToken } from "../security/secret-token.ts";
import { createService } from "../services/admin/service-admin.ts";
import { insertVendorWithAdmin } from "../setup/vendor-records.ts";
import { insertDemoStaff } from "./insert-demo-staff.ts";

export function required<T>(map: ReadonlyMap<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo data names an unknown ${what}: ${key}`);
  return value;
}

/** Where a refusal of the vendor's fields would point, within its definition. */
const VENDOR_POINTERS = { slug: "/vendor/slug", hosts: "/domains", email: "/staff" };

/** camelCase column names to the snake_case attribute names of the contracts. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function attributesOf(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [snake(key), value]));
}

export async function insertDemoVendor(
  tx: Tx,
  demo: DemoVendor,
  passwordHashes: ReadonlyMap<string, string>,
  now: Date,
): Promise<InsertedVendor> {
  const { slug, name, ...settings } = demo.vendor;
  const { vendorId } = await insertVendorWithAdmin(tx, {
    vendor: { name, slug, hosts: [...demo.domains] },
    admin: null,
    pointers: VENDOR_POINTERS,
    actorUserId: null,
    now,
  });
  // Homepage, currency, settings and theme have no command yet (they come with the vendor
  // settings endpoint); their values were parsed by the settings and theme schemas.
  await tx.update(vendors).set(settings).where(eq(vendors.id, vendorId));

  // Commands announce committed events on a bus; nobody listens to the seed's (seed.ts says why).
  const events = new DomainEventBus();
  const insertedLocations = new Map<string, { id: number; definition: DemoLocation }>();
  for (const definition of demo.locations) {
    const { services: _s, waitingVisitors: _w, completedVisits: _c, hours, ...row } = definition;
    const attributes = locationCreateAttributesSchema.parse(attributesOf(row));
    const weekly = weeklyHoursInputSchema.parse(hours);
    const created = await createLocation(
      tx,
      events,
      { vendorId, user: { id: null } },
      attributes,
      now,
      weekly,
    );
    if (created.visibility === "private") {
      // A private branch's TV board shows only through its link: the demo has one ready, so a
      // manager finds it in the lobby and the board shows at once. (The board-link route makes
      // it the same way, on the first request for it.)
      await tx
        .update(locations)
        .set({ boardToken: generateSecretToken() })
        .where(eq(locations.id, created.id));
    }
    insertedLocations.set(definition.externalId, { id: created.id, definition });
  }
  const locationId = (key: string) => required(insertedLocations, key, "location").id;

  const scope = { vendorId, actorUserId: null };
  const insertedServices = new Map<string, { id: number; definition: DemoService }>();
  for (const definition of demo.services) {
    const { key, remote: _r, ...row } = definition;
    const offeredAt = demo.locations.filter((l) => l.services.includes(key));
    const body = serviceCreateSchema.parse({
      data: {
        type: "services",
        attributes: {
          ...attributesOf(row),
          location_ids: offeredAt.map((l) => String(locationId(l.externalId))),
        },
      },
    });
    const created = await createService(tx, scope, body.data.attributes);
    insertedServices.set(key, { id: Number(created.id), definition });
  }
  for (const location of demo.locations) {
    for (const key of location.services) required(insertedServices, key, "service");
  }
  const serviceId = (key: string) => required(insertedServices, key, "service").id;

  const insertedQuestions: InsertedVendor["questions"] = [];
  for (const [index, definition] of demo.questions.entries()) {
    const body = questionCreateSchema.parse({
      data: {
        type: "questions",
        attributes: {
          type: definition.type,
          label: definition.label,
          help_text: definition.helpText,
          required: definition.required,
          translations: definition.translations,
          sort_order: (index + 1) * 10,
          options: definition.options.map(({ text, translations }) => ({ text, translations })),
          service_ids: definition.services.map((key) => String(serviceId(key))),
        },
      },
    });
    const created = await createQuestion(tx, scope, body.data.attributes);
    insertedQuestions.push({
      id: Number(created.id),
      definition,
      optionIds: created.attributes.options.map((option) => Number(option.id)),
    });
  }

  const staff = await insertDemoStaff(tx, vendorId, demo, passwordHashes, {
    locationId,
    serviceId,
    now,
  });
  return {
    vendorId,
    locations: insertedLocations,
    services: insertedServices,
    questions: insertedQuestions,
    staff,
  };
}

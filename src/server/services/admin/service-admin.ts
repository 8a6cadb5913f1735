// Services as the back office administers them (docs/admin-services.md): presented with the
// locations that offer them, created and changed whole-or-nothing in one transaction with their
// audit record and the `service.updated` event that drops every node's caches.
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { AuditAction } from "../../../shared/audit.ts";
import type {
  ServiceAdminAttributes,
  ServiceAdminResource,
  ServiceChanges,
} from "../../../shared/contracts/service-admin.ts";
import { DEFAULT_TICKET_PREFIX } from "../../../shared/contracts/service-admin.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import {
  locationServices,
  locations,
  questionServices,
  serviceCategories,
  services,
  type Translation,
} from "../../db/schema.ts";
import { recordDomainEvents } from "../../events/outbox.ts";
import { AppError, type ErrorItem, notFound } from "../../http/app-error.ts";
import { assertVersion } from "../../http/versioning.ts";

type ServiceRow = typeof services.$inferSelect;
const pointer = (field: string, index?: number) =>
  `/data/attributes/${field}${index === undefined ? "" : `/${index}`}`;

export function presentServiceAdmin(
  row: ServiceRow,
  links: { locationIds: number[]; questionIds: number[] },
): ServiceAdminResource {
  return {
    type: "services",
    id: String(row.id),
    attributes: {
      name: row.name,
      translations: row.translations,
      category_id: row.categoryId === null ? null : String(row.categoryId),
      duration_minutes: row.durationMinutes,
      buffer_before_minutes: row.bufferBeforeMinutes,
      buffer_after_minutes: row.bufferAfterMinutes,
      ticket_prefix: row.ticketPrefix,
      supports_in_person: row.supportsInPerson,
      supports_phone: row.supportsPhone,
      supports_video: row.supportsVideo,
      supports_walkin: row.supportsWalkin,
      supports_curbside_pickup: row.supportsCurbsidePickup,
      display_in_lobby: row.displayInLobby,
      instructions: row.instructions,
      sort_order: row.sortOrder,
      location_ids: [...links.locationIds].sort((a, b) => a - b).map(String),
      question_ids: [...links.questionIds].sort((a, b) => a - b).map(String),
      archived: row.archivedAt !== null,
      version: row.version,
      created_at: row.createdAt.toISOString(),
    },
  };
}

/** The audited picture of a service: its attributes without the bookkeeping ones. */
function audited(resource: ServiceAdminResource): Record<string, unknown> {
  const { version: _v, created_at: _c, question_ids: _q, ...rest } = resource.attributes;
  return rest;
}

async function linksOf(db: DbOrTx, vendorId: number, serviceIds: number[]) {
  if (serviceIds.length === 0)
    return new Map<number, { locationIds: number[]; questionIds: number[] }>();
  const [offered, asked] = await Promise.all([
    db
      .select({ serviceId: locationServices.serviceId, locationId: locationServices.locationId })
      .from(locationServices)
      .where(
        and(
          eq(locationServices.vendorId, vendorId),
          inArray(locationServices.serviceId, serviceIds),
        ),
      ),
    db
      .select({ serviceId: questionServices.serviceId, questionId: questionServices.questionId })
      .from(questionServices)
      .where(
        and(
          eq(questionServices.vendorId, vendorId),
          inArray(questionServices.serviceId, serviceIds),
        ),
      ),
  ]);
  const links = new Map(
    serviceIds.map((id) => [id, { locationIds: [] as number[], questionIds: [] as number[] }]),
  );
  for (const row of offered) links.get(row.serviceId)?.locationIds.push(row.locationId);
  for (const row of asked) links.get(row.serviceId)?.questionIds.push(row.questionId);
  return links;
}

export async function listServicesAdmin(
  db: DbOrTx,
  vendorId: number,
  archived: "true" | "false" | "all",
): Promise<ServiceAdminResource[]> {
  const rows = await db
    .select()
    .from(services)
    .where(
      and(
        eq(services.vendorId, vendorId),
        archived === "all"
          ? undefined
          : archived === "true"
            ? isNotNull(services.archivedAt)
            : isNull(services.archivedAt),
      ),
    )
    .orderBy(asc(services.sortOrder), asc(services.name), asc(services.id));
  const links = await linksOf(
    db,
    vendorId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentServiceAdmin(row, links.get(row.id)!));
}

export async function findServiceAdmin(
  db: DbOrTx,
  vendorId: number,
  id: number,
  lock = false,
): Promise<{ row: ServiceRow; resource: ServiceAdminResource }> {
  const query = db
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.vendorId, vendorId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  const links = await linksOf(db, vendorId, [row.id]);
  return { row, resource: presentServiceAdmin(row, links.get(row.id)!) };
}

/** Refuses (422, one pointer each) location ids and a category that are not the vendor's. */
async function checkReferences(tx: DbOrTx, vendorId: number, changes: ServiceChanges) {
  const problems: ErrorItem[] = [];
  if (changes.location_ids !== undefined && changes.location_ids.length > 0) {
    const wanted = [...new Set(changes.location_ids)];
    const found = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.vendorId, vendorId), inArray(locations.id, wanted)));
    const known = new Set(found.map((row) => row.id));
    changes.location_ids.forEach((id, index) => {
      if (!known.has(id)) {
        problems.push({
          code: "location_unknown",
          messageId: "Office.services.error.location_unknown",
          pointer: pointer("location_ids", index),
        });
      }
    });
  }
  if (changes.category_id !== undefined && changes.category_id !== null) {
    const [category] = await tx
      .select({ id: serviceCategories.id, archivedAt: serviceCategories.archivedAt })
      .from(serviceCategories)
      .where(
        and(
          eq(serviceCategories.vendorId, vendorId),
          eq(serviceCategories.id, changes.category_id),
        ),
      );
    if (!category) {
      problems.push({
        code: "category_unknown",
        messageId: "Office.services.error.category_unknown",
        pointer: pointer("category_id"),
      });
    }
  }
  return problems;
}

/** A service must be offered by some meeting method and some fulfillment, and translate once per field. */
function checkShape(after: ServiceAdminAttributes): ErrorItem[] {
  const problems: ErrorItem[] = [];
  if (!after.supports_in_person && !after.supports_phone && !after.supports_video) {
    problems.push({
      code: "meeting_method_required",
      messageId: "Office.services.error.meeting_method_required",
      pointer: pointer("supports_in_person"),
    });
  }
  if (!after.supports_walkin && !after.supports_curbside_pickup) {
    problems.push({
      code: "fulfillment_required",
      messageId: "Office.services.error.fulfillment_required",
      pointer: pointer("supports_walkin"),
    });
  }
  problems.push(...duplicateTranslations(after.translations, "translations"));
  return problems;
}

export function duplicateTranslations(
  translations: readonly Translation[],
  field: string,
): ErrorItem[] {
  const seen = new Set<string>();
  const problems: ErrorItem[] = [];
  translations.forEach((translation, index) => {
    const key = `${translation.locale}\u0001${translation.field}`;
    if (seen.has(key)) {
      problems.push({
        code: "translation_duplicate",
        messageId: "Office.services.error.translation_duplicate",
        pointer: `/data/attributes/${field}/${index}`,
      });
    }
    seen.add(key);
  });
  return problems;
}

/** Empty translations are no translation: the field falls back to the default text. */
export const keptTranslations = (list: readonly Translation[]) =>
  list.filter((translation) => translation.content.trim() !== "");

function rowChanges(changes: ServiceChanges, now: Date) {
  const set: Partial<typeof services.$inferInsert> = {};
  if (changes.name !== undefined) set.name = changes.name.trim();
  if (changes.translations !== undefined) set.translations = keptTranslations(changes.translations);
  if (changes.category_id !== undefined) set.categoryId = changes.category_id;
  if (changes.duration_minutes !== undefined) set.durationMinutes = changes.duration_minutes;
  if (changes.buffer_before_minutes !== undefined)
    set.bufferBeforeMinutes = changes.buffer_before_minutes;
  if (changes.buffer_after_minutes !== undefined)
    set.bufferAfterMinutes = changes.buffer_after_minutes;
  if (changes.ticket_prefix !== undefined) set.ticketPrefix = changes.ticket_prefix;
  if (changes.supports_in_person !== undefined) set.supportsInPerson = changes.supports_in_person;
  if (changes.supports_phone !== undefined) set.supportsPhone = changes.supports_phone;
  if (changes.supports_video !== undefined) set.supportsVideo = changes.supports_video;
  if (changes.supports_walkin !== undefined) set.supportsWalkin = changes.supports_walkin;
  if (changes.supports_curbside_pickup !== undefined)
    set.supportsCurbsidePickup = changes.supports_curbside_pickup;
  if (changes.display_in_lobby !== undefined) set.displayInLobby = changes.display_in_lobby;
  if (changes.instructions !== undefined)
    set.instructions = changes.instructions?.trim() ? changes.instructions : null;
  if (changes.sort_order !== undefined) set.sortOrder = changes.sort_order;
  if (changes.archived !== undefined) set.archivedAt = changes.archived ? now : null;
  return set;
}

/** The attributes a change would leave, to check the whole before writing anything. */
function projected(
  before: ServiceAdminAttributes,
  changes: ServiceChanges,
): ServiceAdminAttributes {
  const next = { ...before };
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  return next;
}

async function replaceLocations(tx: Tx, vendorId: number, serviceId: number, ids: number[]) {
  await tx
    .delete(locationServices)
    .where(and(eq(locationServices.vendorId, vendorId), eq(locationServices.serviceId, serviceId)));
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    await tx
      .insert(locationServices)
      .values(unique.map((locationId) => ({ vendorId, locationId, serviceId })));
  }
}

function throwIfAny(problems: ErrorItem[]) {
  if (problems.length > 0) throw new AppError("unprocessable", problems);
}

async function finish(
  tx: Tx,
  options: {
    vendorId: number;
    actorUserId: number | null;
    serviceId: number;
    action: AuditAction;
    before: ServiceAdminResource | null;
    now: Date;
  },
): Promise<ServiceAdminResource> {
  const { resource: after } = await findServiceAdmin(tx, options.vendorId, options.serviceId);
  await recordAudit(tx, {
    vendorId: options.vendorId,
    actorUserId: options.actorUserId,
    subjectType: "service",
    subjectId: options.serviceId,
    action: options.action,
    before: options.before ? audited(options.before) : null,
    after: audited(after),
  });
  await recordDomainEvents(tx, [
    {
      vendorId: options.vendorId,
      type: "service.updated",
      aggregateId: options.serviceId,
      payload: {},
      occurredAt: options.now,
    },
  ]);
  return after;
}

export async function createService(
  db: DbOrTx,
  scope: { vendorId: number; actorUserId: number | null },
  input: ServiceChanges & { name: string },
): Promise<ServiceAdminResource> {
  const now = new Date();
  const defaults: ServiceAdminAttributes = {
    name: input.name,
    translations: [],
    category_id: null,
    duration_minutes: 15,
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    ticket_prefix: DEFAULT_TICKET_PREFIX,
    supports_in_person: true,
    supports_phone: true,
    supports_video: true,
    supports_walkin: true,
    supports_curbside_pickup: false,
    display_in_lobby: true,
    instructions: null,
    sort_order: 0,
    location_ids: [],
    question_ids: [],
    archived: false,
    version: 1,
    created_at: now.toISOString(),
  };
  throwIfAny([
    ...checkShape(projected(defaults, input)),
    ...(await checkReferences(db, scope.vendorId, input)),
  ]);
  return db.transaction(async (tx) => {
    let sortOrder = input.sort_order;
    if (sortOrder === undefined) {
      // A new service goes last.
      const [last] = await tx
        .select({ max: sql<number | null>`max(${services.sortOrder})` })
        .from(services)
        .where(eq(services.vendorId, scope.vendorId));
      sortOrder = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
    }
    const [row] = await tx
      .insert(services)
      .values({
        vendorId: scope.vendorId,
        name: input.name.trim(),
        ...rowChanges({ ...input, sort_order: sortOrder }, now),
      })
      .returning({ id: services.id });
    if (input.location_ids) await replaceLocations(tx, scope.vendorId, row!.id, input.location_ids);
    return finish(tx, {
      ...scope,
      serviceId: row!.id,
      action: "created",
      before: null,
      now,
    });
  });
}

export async function updateService(
  db: DbOrTx,
  scope: { vendorId: number; actorUserId: number | null },
  id: number,
  changes: ServiceChanges,
  expectedVersion: number | undefined,
): Promise<ServiceAdminResource> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const { row, resource: before } = await findServiceAdmin(tx, scope.vendorId, id, true);
    assertVersion(expectedVersion, row.version, () => before);
    throwIfAny([
      ...checkShape(projected(before.attributes, changes)),
      ...(await checkReferences(tx, scope.vendorId, changes)),
    ]);
    await tx
      .update(services)
      .set({ ...rowChanges(changes, now), version: row.version + 1 })
      .where(and(eq(services.id, id), eq(services.vendorId, scope.vendorId)));
    if (changes.location_ids !== undefined)
      await replaceLocations(tx, scope.vendorId, id, changes.location_ids);
    const action: AuditAction =
      changes.archived === true && !before.attributes.archived
        ? "archived"
        : changes.archived === false && before.attributes.archived
          ? "restored"
          : "updated";
    return finish(tx, { ...scope, serviceId: id, action, before, now });
  });
}

/**
 * Puts the named services in the given order (sort_order 0, 1, …); services not named keep theirs.
 * Each service whose place changes gets a new version, an audit record and its event.
 */
export async function orderServices(
  db: DbOrTx,
  scope: { vendorId: number; actorUserId: number | null },
  ids: number[],
): Promise<ServiceAdminResource[]> {
  const problems: ErrorItem[] = [];
  const seen = new Set<number>();
  ids.forEach((id, index) => {
    if (seen.has(id)) {
      problems.push({
        code: "duplicate",
        messageId: "Errors.invalid_value",
        pointer: `/data/${index}/id`,
      });
    }
    seen.add(id);
  });
  throwIfAny(problems);
  const now = new Date();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(services)
      .where(and(eq(services.vendorId, scope.vendorId), inArray(services.id, ids)))
      .for("update");
    const byId = new Map(rows.map((row) => [row.id, row]));
    ids.forEach((id, index) => {
      if (!byId.has(id)) {
        problems.push({
          code: "service_unknown",
          messageId: "Office.services.error.service_unknown",
          pointer: `/data/${index}/id`,
        });
      }
    });
    throwIfAny(problems);
    const links = await linksOf(tx, scope.vendorId, ids);
    for (const [index, id] of ids.entries()) {
      const row = byId.get(id)!;
      if (row.sortOrder === index) continue;
      const before = presentServiceAdmin(row, links.get(id)!);
      await tx
        .update(services)
        .set({ sortOrder: index, version: row.version + 1 })
        .where(eq(services.id, id));
      await finish(tx, { ...scope, serviceId: id, action: "updated", before, now });
    }
    return listServicesAdmin(tx, scope.vendorId, "all");
  });
}

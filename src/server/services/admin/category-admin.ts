// Service categories as the services page manages them: list, create, change (name, translations,
// order, archived), each change with its audit record in the same transaction. Visitors do not see
// categories yet, so no cache holds them and a change needs no event.
import { and, asc, eq, sql } from "drizzle-orm";
import type { AuditAction } from "../../../shared/audit.ts";
import type { ServiceCategoryResource } from "../../../shared/contracts/service-admin.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { DbOrTx } from "../../db/client.ts";
import { serviceCategories, type Translation } from "../../db/schema.ts";
import { AppError, notFound } from "../../http/app-error.ts";
import { assertVersion } from "../../http/versioning.ts";
import { duplicateTranslations, keptTranslations } from "./service-admin.ts";

type CategoryRow = typeof serviceCategories.$inferSelect;
export type CategoryChanges = {
  name?: string | undefined;
  translations?: Translation[] | undefined;
  sort_order?: number | undefined;
  archived?: boolean | undefined;
};

export function presentCategory(row: CategoryRow): ServiceCategoryResource {
  return {
    type: "service-categories",
    id: String(row.id),
    attributes: {
      name: row.name,
      translations: row.translations,
      sort_order: row.sortOrder,
      archived: row.archivedAt !== null,
      version: row.version,
    },
  };
}

const audited = (resource: ServiceCategoryResource) => {
  const { version: _v, ...rest } = resource.attributes;
  return rest;
};

export async function listCategories(db: DbOrTx, vendorId: number) {
  const rows = await db
    .select()
    .from(serviceCategories)
    .where(eq(serviceCategories.vendorId, vendorId))
    .orderBy(
      asc(serviceCategories.sortOrder),
      asc(serviceCategories.name),
      asc(serviceCategories.id),
    );
  return rows.map(presentCategory);
}

function check(changes: CategoryChanges) {
  const problems = duplicateTranslations(changes.translations ?? [], "translations");
  if (problems.length > 0) throw new AppError("unprocessable", problems);
}

export async function createCategory(
  db: DbOrTx,
  scope: { vendorId: number; actorUserId: number | null },
  input: CategoryChanges & { name: string },
): Promise<ServiceCategoryResource> {
  check(input);
  return db.transaction(async (tx) => {
    let sortOrder = input.sort_order;
    if (sortOrder === undefined) {
      const [last] = await tx
        .select({ max: sql<number | null>`max(${serviceCategories.sortOrder})` })
        .from(serviceCategories)
        .where(eq(serviceCategories.vendorId, scope.vendorId));
      sortOrder = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
    }
    const [row] = await tx
      .insert(serviceCategories)
      .values({
        vendorId: scope.vendorId,
        name: input.name.trim(),
        translations: keptTranslations(input.translations ?? []),
        sortOrder,
        archivedAt: input.archived ? new Date() : null,
      })
      .returning();
    const after = presentCategory(row!);
    await recordAudit(tx, {
      vendorId: scope.vendorId,
      actorUserId: scope.actorUserId,
      subjectType: "service_category",
      subjectId: row!.id,
      action: "created",
      before: null,
      after: audited(after),
    });
    return after;
  });
}

export async function updateCategory(
  db: DbOrTx,
  scope: { vendorId: number; actorUserId: number | null },
  id: number,
  changes: CategoryChanges,
  expectedVersion: number | undefined,
): Promise<ServiceCategoryResource> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(serviceCategories)
      .where(and(eq(serviceCategories.id, id), eq(serviceCategories.vendorId, scope.vendorId)))
      .for("update");
    if (!row) throw notFound();
    const before = presentCategory(row);
    assertVersion(expectedVersion, row.version, () => before);
    check(changes);
    const set: Partial<typeof serviceCategories.$inferInsert> = { version: row.version + 1 };
    if (changes.name !== undefined) set.name = changes.name.trim();
    if (changes.translations !== undefined)
      set.translations = keptTranslations(changes.translations);
    if (changes.sort_order !== undefined) set.sortOrder = changes.sort_order;
    if (changes.archived !== undefined)
      set.archivedAt = changes.archived ? (row.archivedAt ?? new Date()) : null;
    const [updated] = await tx
      .update(serviceCategories)
      .set(set)
      .where(eq(serviceCategories.id, id))
      .returning();
    const after = presentCategory(updated!);
    const action: AuditAction =
      changes.archived === true && !before.attributes.archived
        ? "archived"
        : changes.archived === false && before.attributes.archived
          ? "restored"
          : "updated";
    await recordAudit(tx, {
      vendorId: scope.vendorId,
      actorUserId: scope.actorUserId,
      subjectType: "service_category",
      subjectId: id,
      action,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

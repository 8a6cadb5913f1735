// Changing a vendor's name, slug or host names (PATCH /api/internal/v1/vendors/{id}): checked whole
// first (slug and every host free, each refusal at its pointer), then written with its audit record
// and the `vendor.updated` event in one transaction. The event makes every node's vendor resolver
// drop what it kept: a host removed here must stop resolving to the vendor, a host added may have
// fallen back to DEFAULT_VENDOR until now.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { VendorChanges } from "../../shared/contracts/vendor-admin.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { VENDOR_CREATE_LOCK_CLASS } from "../db/advisory-locks.ts";
import type { Db } from "../db/client.ts";
import { vendorDomains, vendors } from "../db/schema.ts";
import { recordDomainEvents } from "../events/outbox.ts";
import { AppError, type ErrorItem, notFound } from "../http/app-error.ts";
import { assertVersion } from "../http/versioning.ts";
import {
  duplicateHosts,
  type FieldPointers,
  findVendorRecord,
  taken,
  takenMeanwhile,
  type VendorAttributes,
} from "./vendor-records.ts";

export type PresentedVendor = { id: number } & VendorAttributes;

const audited = (vendor: PresentedVendor) => ({
  name: vendor.name,
  slug: vendor.slug,
  hosts: vendor.hosts,
});

/**
 * Applies the changes to the vendor if the caller edited the stored version (else 409 with the
 * vendor as it is now). Takes the same lock as vendor creation, so a slug or host checked free here
 * is not claimed by a new vendor before this commits.
 */
export async function updateVendor(
  db: Db,
  input: {
    vendorId: number;
    changes: VendorChanges;
    expectedVersion: number | undefined;
    pointers: Pick<FieldPointers, "slug" | "hosts">;
    /** DEFAULT_VENDOR: the slug every unknown host falls back to, which is not renamed here */
    defaultSlug: string;
    actorUserId: number;
    now: Date;
  },
): Promise<PresentedVendor> {
  const { vendorId, changes, pointers } = input;
  const hosts = changes.hosts ? [...new Set(changes.hosts)] : undefined;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${VENDOR_CREATE_LOCK_CLASS}, 0)`);
      const [locked] = await tx
        .select({ id: vendors.id, version: vendors.version })
        .from(vendors)
        .where(eq(vendors.id, vendorId))
        .for("update");
      if (!locked) throw notFound();
      const before = (await findVendorRecord(tx, vendorId))!;
      assertVersion(input.expectedVersion, locked.version, () => present(before));

      const problems: ErrorItem[] = changes.hosts
        ? duplicateHosts(changes.hosts, pointers.hosts)
        : [];
      if (changes.slug !== undefined && changes.slug !== before.slug) {
        // Renaming the fallback vendor's slug would leave every unknown host without a vendor.
        if (before.slug === input.defaultSlug)
          problems.push(
            taken("slug_default_vendor", "Office.vendors.slug_is_default", pointers.slug),
          );
        const [slugRow] = await tx
          .select({ id: vendors.id })
          .from(vendors)
          .where(and(eq(vendors.slug, changes.slug), ne(vendors.id, vendorId)))
          .limit(1);
        if (slugRow) problems.push(taken("slug_taken", "Office.setup_slug_taken", pointers.slug));
      }
      if (changes.hosts) {
        const elsewhere = new Set(
          (
            await tx
              .select({ host: vendorDomains.host })
              .from(vendorDomains)
              .where(
                and(
                  inArray(vendorDomains.host, changes.hosts),
                  ne(vendorDomains.vendorId, vendorId),
                ),
              )
          ).map((row) => row.host),
        );
        changes.hosts.forEach((host, index) => {
          if (elsewhere.has(host))
            problems.push(
              taken("host_taken", "Office.setup_host_taken", `${pointers.hosts}/${index}`),
            );
        });
      }
      if (problems.length > 0) throw new AppError("unprocessable", problems);

      const set: Partial<typeof vendors.$inferInsert> = { version: locked.version + 1 };
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.slug !== undefined) set.slug = changes.slug;
      await tx.update(vendors).set(set).where(eq(vendors.id, vendorId));
      if (hosts) {
        await tx.delete(vendorDomains).where(eq(vendorDomains.vendorId, vendorId));
        await tx.insert(vendorDomains).values(hosts.map((host) => ({ host, vendorId })));
      }
      const after = (await findVendorRecord(tx, vendorId))!;
      await recordAudit(tx, {
        vendorId,
        actorUserId: input.actorUserId,
        subjectType: "vendor",
        subjectId: vendorId,
        action: "updated",
        before: audited(before),
        after: audited(after),
      });
      await recordDomainEvents(tx, [
        {
          vendorId,
          type: "vendor.updated",
          aggregateId: vendorId,
          payload: {},
          occurredAt: input.now,
        },
      ]);
      return after;
    });
  } catch (error) {
    throw takenMeanwhile(error, { ...pointers, email: pointers.slug }) ?? error;
  }
}

/** The JSON:API resource of a vendor, as the vendors endpoints and a 409's meta.current show it. */
export function present({ id, ...attributes }: PresentedVendor) {
  return { type: "vendors" as const, id: String(id), attributes };
}

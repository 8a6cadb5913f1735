// Writing a new vendor with its host names and first admin, shared by the first-start setup and the
// platform admins' "Add vendor": checked whole first (slug, hosts and email free, each refusal at its
// pointer), then inserted with its audit records and the `vendor.updated` event that makes every
// node's vendor resolver drop what it kept (a host that fell back to DEFAULT_VENDOR may be the new
// vendor's now), all in the caller's transaction.
import { eq, inArray, sql } from "drizzle-orm";
import { ROLES } from "../../shared/domain.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { VENDOR_CREATE_LOCK_CLASS } from "../db/advisory-locks.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { users, vendorDomains, vendors } from "../db/schema.ts";
import { recordDomainEvents } from "../events/outbox.ts";
import { AppError, type ErrorItem } from "../http/app-error.ts";

export type NewVendor = { name: string; slug: string; hosts: string[] };
export type NewAdmin = {
  firstName: string;
  lastName: string;
  email: string;
  /** argon2 hash; null for an invited admin who sets it through the invitation link */
  passwordHash: string | null;
};

/** Where the vendor's and the admin's fields sit in the request body. */
export type FieldPointers = { slug: string; hosts: string; email: string };

/** The vendor as the vendors endpoints present it (and as its audit record keeps it). */
export type VendorAttributes = {
  name: string;
  slug: string;
  hosts: string[];
  admins: number;
  version: number;
  created_at: string;
};

export const taken = (code: string, messageId: string, pointer: string): ErrorItem => ({
  code,
  messageId,
  pointer,
});

/** The same host twice in one list is refused at its second place. */
export function duplicateHosts(hosts: string[], pointer: string): ErrorItem[] {
  const seen = new Set<string>();
  const problems: ErrorItem[] = [];
  hosts.forEach((host, index) => {
    if (seen.has(host))
      problems.push(taken("host_repeated", "Office.setup_host_repeated", `${pointer}/${index}`));
    seen.add(host);
  });
  return problems;
}

/**
 * Inserts the vendor, its hosts and its first admin (role 30) after checking that the slug, every
 * host and the email are free; 422 with a pointer for each that is not. Takes the vendor-creation
 * lock first, so what it checked stays true until the transaction commits. `admin` null: the
 * vendor alone (the demo seed, which then invites its whole staff, admins included, in order).
 */
export async function insertVendorWithAdmin(
  tx: Tx,
  input: {
    vendor: NewVendor;
    admin: NewAdmin;
    pointers: FieldPointers;
    actorUserId: number | null;
    now: Date;
  },
): Promise<{ vendorId: number; adminId: number; attributes: VendorAttributes }>;
export async function insertVendorWithAdmin(
  tx: Tx,
  input: {
    vendor: NewVendor;
    admin: NewAdmin | null;
    pointers: FieldPointers;
    actorUserId: number | null;
    now: Date;
  },
): Promise<{ vendorId: number; adminId: number | null; attributes: VendorAttributes }>;
export async function insertVendorWithAdmin(
  tx: Tx,
  input: {
    vendor: NewVendor;
    admin: NewAdmin | null;
    pointers: FieldPointers;
    actorUserId: number | null;
    now: Date;
  },
): Promise<{ vendorId: number; adminId: number | null; attributes: VendorAttributes }> {
  const { vendor, admin, pointers } = input;
  await tx.execute(sql`select pg_advisory_xact_lock(${VENDOR_CREATE_LOCK_CLASS}, 0)`);
  const problems: ErrorItem[] = duplicateHosts(vendor.hosts, pointers.hosts);
  const [slugRow] = await tx
    .select({ id: vendors.id })
    .from(vendors)
    .where(eq(vendors.slug, vendor.slug))
    .limit(1);
  if (slugRow) problems.push(taken("slug_taken", "Office.setup_slug_taken", pointers.slug));
  const usedHosts = new Set(
    (
      await tx
        .select({ host: vendorDomains.host })
        .from(vendorDomains)
        .where(inArray(vendorDomains.host, vendor.hosts))
    ).map((row) => row.host),
  );
  vendor.hosts.forEach((host, index) => {
    if (usedHosts.has(host))
      problems.push(taken("host_taken", "Office.setup_host_taken", `${pointers.hosts}/${index}`));
  });
  const [emailRow] = admin
    ? await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, admin.email.toLowerCase()))
        .limit(1)
    : [];
  if (emailRow) problems.push(taken("email_taken", "Office.setup_email_taken", pointers.email));
  if (problems.length > 0) throw new AppError("unprocessable", problems);
  try {
    return await insertChecked(tx, input);
  } catch (error) {
    throw takenMeanwhile(error, pointers) ?? error;
  }
}

/**
 * A unique index that refused a row another write path added after the checks (a staff member
 * invited with the same email a moment ago): the same 422 the checks give, not a 500.
 */
export function takenMeanwhile(error: unknown, pointers: FieldPointers): AppError | undefined {
  const found = [error, (error as { cause?: unknown } | null)?.cause].find(
    (e): e is { code: string; constraint?: string } =>
      typeof e === "object" && e !== null && (e as { code?: unknown }).code === "23505",
  );
  if (!found) return undefined;
  const constraint = found.constraint ?? "";
  if (constraint.includes("email"))
    return new AppError(
      "unprocessable",
      taken("email_taken", "Office.setup_email_taken", pointers.email),
    );
  if (constraint.includes("slug"))
    return new AppError(
      "unprocessable",
      taken("slug_taken", "Office.setup_slug_taken", pointers.slug),
    );
  return new AppError(
    "unprocessable",
    taken("host_taken", "Office.setup_host_taken", pointers.hosts),
  );
}

async function insertChecked(
  tx: Tx,
  input: {
    vendor: NewVendor;
    admin: NewAdmin | null;
    actorUserId: number | null;
    now: Date;
  },
): Promise<{ vendorId: number; adminId: number | null; attributes: VendorAttributes }> {
  const { vendor, admin, now } = input;
  const [row] = await tx
    .insert(vendors)
    .values({ name: vendor.name, slug: vendor.slug, createdAt: now })
    .returning({ id: vendors.id, createdAt: vendors.createdAt });
  const vendorId = row!.id;
  await tx.insert(vendorDomains).values(vendor.hosts.map((host) => ({ host, vendorId })));
  const adminId = admin ? await insertAdmin(tx, vendorId, admin, now) : null;
  const attributes: VendorAttributes = {
    name: vendor.name,
    slug: vendor.slug,
    hosts: [...new Set(vendor.hosts)],
    admins: admin ? 1 : 0,
    version: 1,
    created_at: row!.createdAt.toISOString(),
  };
  await recordAudit(tx, [
    {
      vendorId,
      actorUserId: input.actorUserId,
      subjectType: "vendor",
      subjectId: vendorId,
      action: "created",
      before: null,
      after: { name: vendor.name, slug: vendor.slug, hosts: attributes.hosts },
    },
    ...(admin && adminId !== null
      ? [
          {
            vendorId,
            actorUserId: input.actorUserId,
            subjectType: "staff" as const,
            subjectId: adminId,
            action: admin.passwordHash ? ("created" as const) : ("invited" as const),
            before: null,
            after: {
              email: admin.email,
              first_name: admin.firstName,
              last_name: admin.lastName,
              role_level: ROLES.admin,
            },
          },
        ]
      : []),
  ]);
  await recordDomainEvents(tx, [
    { vendorId, type: "vendor.updated", aggregateId: vendorId, payload: {}, occurredAt: now },
  ]);
  return { vendorId, adminId, attributes };
}

async function insertAdmin(tx: Tx, vendorId: number, admin: NewAdmin, now: Date): Promise<number> {
  const [user] = await tx
    .insert(users)
    .values({
      vendorId,
      email: admin.email,
      firstName: admin.firstName,
      lastName: admin.lastName,
      passwordHash: admin.passwordHash,
      roleLevel: ROLES.admin,
      createdAt: now,
    })
    .returning({ id: users.id });
  return user!.id;
}

const vendorColumns = {
  id: vendors.id,
  name: vendors.name,
  slug: vendors.slug,
  version: vendors.version,
  createdAt: vendors.createdAt,
  hosts: sql<
    string[] | null
  >`(select array_agg(d.host order by d.host) from vendor_domains d where d.vendor_id = vendors.id)`,
  admins: sql<number>`(select count(*)::int from users u where u.vendor_id = vendors.id and u.role_level = ${ROLES.admin} and u.active)`,
};

type VendorRow = {
  id: number;
  name: string;
  slug: string;
  version: number;
  createdAt: Date;
  hosts: string[] | null;
  admins: number;
};

const presentVendorRow = (row: VendorRow): { id: number } & VendorAttributes => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  hosts: row.hosts ?? [],
  admins: Number(row.admins),
  version: row.version,
  created_at: row.createdAt.toISOString(),
});

/** One vendor as the vendors endpoints present it; undefined when there is none with that id. */
export async function findVendorRecord(
  db: DbOrTx,
  vendorId: number,
): Promise<({ id: number } & VendorAttributes) | undefined> {
  const [row] = await db.select(vendorColumns).from(vendors).where(eq(vendors.id, vendorId));
  return row ? presentVendorRow(row) : undefined;
}

/** Every vendor with its hosts and active admins, by name: what a platform admin oversees. */
export async function listVendors(db: DbOrTx): Promise<Array<{ id: number } & VendorAttributes>> {
  const rows = await db.select(vendorColumns).from(vendors).orderBy(vendors.name, vendors.id);
  return rows.map(presentVendorRow);
}

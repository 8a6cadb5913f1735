import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVendor } from "../../../test/factories/vendors.ts";
import { openTestDatabase } from "../../../test/test-database.ts";
import type { Database } from "../db/client.ts";
import { vendorDomains, vendors } from "../db/schema.ts";
import { createVendorResolver } from "./resolve-vendor.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function twoVendorsAndAFallback() {
  const fallback = await createVendor(database.db);
  const bank = await createVendor(database.db, { hosts: [`bank-${fallback.id}.example`] });
  const clinic = await createVendor(database.db, { hosts: [`clinic-${fallback.id}.example`] });
  return {
    fallback,
    bank,
    clinic,
    hosts: {
      bank: `bank-${fallback.id}.example`,
      clinic: `clinic-${fallback.id}.example`,
      unknown: `unknown-${fallback.id}.example`,
    },
  };
}

describe("createVendorResolver", () => {
  it("keeps an answer for its time to live, then reads the change", async () => {
    let clock = 1_000_000;
    const { fallback, bank, hosts } = await twoVendorsAndAFallback();
    const resolver = createVendorResolver(database.db, fallback.slug, 10_000, () => clock);
    const first = await resolver.resolve(hosts.bank);
    expect(first?.id).toBe(bank.id);
    await database.db.update(vendors).set({ name: "Renamed" }).where(eq(vendors.id, bank.id));
    clock += 9_999;
    expect(await resolver.resolve(hosts.bank)).toBe(first);
    clock += 1;
    expect((await resolver.resolve(hosts.bank))?.name).toBe("Renamed");
  });

  it("forgets the vendor's hosts and the fallback's, and keeps other vendors' own domains", async () => {
    const { fallback, bank, clinic, hosts } = await twoVendorsAndAFallback();
    const resolver = createVendorResolver(database.db, fallback.slug, 60_000);
    const before = {
      bank: await resolver.resolve(hosts.bank),
      clinic: await resolver.resolve(hosts.clinic),
      unknown: await resolver.resolve(hosts.unknown),
    };
    expect(before.unknown?.id).toBe(fallback.id);
    // A new domain of the bank claims a host that so far resolved through the fallback.
    await database.db.insert(vendorDomains).values({ host: hosts.unknown, vendorId: bank.id });
    await database.db.update(vendors).set({ name: "Renamed" }).where(eq(vendors.id, bank.id));
    resolver.forgetVendor(bank.id);
    expect((await resolver.resolve(hosts.bank))?.name).toBe("Renamed");
    expect((await resolver.resolve(hosts.unknown))?.id).toBe(bank.id);
    expect(await resolver.resolve(hosts.clinic)).toBe(before.clinic);
    expect(before.clinic?.id).toBe(clinic.id);
  });

  it("shares a look-up under way, does not keep it once forgotten, and keeps no failed one", async () => {
    const { fallback, bank, hosts } = await twoVendorsAndAFallback();
    const resolver = createVendorResolver(database.db, fallback.slug, 60_000);
    const [a, b] = [resolver.resolve(hosts.bank), resolver.resolve(hosts.bank)];
    expect(a).toBe(b);
    resolver.forgetVendor(bank.id);
    await database.db.update(vendors).set({ name: "Renamed" }).where(eq(vendors.id, bank.id));
    expect((await resolver.resolve(hosts.bank))?.name).toBe("Renamed");
    await a;

    let reachable = false;
    const flaky = new Proxy(database.db, {
      get(target, property) {
        if (property === "select" && !reachable)
          return () => {
            throw new Error("database unreachable");
          };
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const broken = createVendorResolver(flaky, fallback.slug, 60_000);
    await expect(broken.resolve(hosts.bank)).rejects.toThrow("database unreachable");
    reachable = true;
    expect((await broken.resolve(hosts.bank))?.id).toBe(bank.id);
  });
});

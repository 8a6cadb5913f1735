import { parseOptions } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password-hash.ts";

describe("password hashing", () => {
  it("hashes with argon2id at the OWASP parameters", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const options = parseOptions(stored);
    expect(options.memoryCost).toBe(19_456);
    expect(options.timeCost).toBe(2);
    expect(options.parallelism).toBe(1);
  });

  it("accepts the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("keyring-summit-35");
    expect(await verifyPassword(stored, "keyring-summit-35")).toBe(true);
    expect(await verifyPassword(stored, "northwind-Admin")).toBe(false);
    expect(await verifyPassword(stored, "")).toBe(false);
  });

  it("salts every hash, so the same password never hashes alike", async () => {
    const [first, second] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    expect(first).not.toBe(second);
    expect(await verifyPassword(second, "same")).toBe(true);
  });

  it("handles passwords beyond ASCII", async () => {
    const stored = await hashPassword("Zażółć gęślą jaźń 密码");
    expect(await verifyPassword(stored, "Zażółć gęślą jaźń 密码")).toBe(true);
    expect(await verifyPassword(stored, "Zazolc gesla jazn 密码")).toBe(false);
  });

  it("says no, without throwing, for a missing or malformed stored hash", async () => {
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword("", "anything")).toBe(false);
    expect(await verifyPassword("plain-text-password", "plain-text-password")).toBe(false);
    expect(await verifyPassword("$argon2id$v=19$m=19456,t=2,p=1$broken", "anything")).toBe(false);
  });
});

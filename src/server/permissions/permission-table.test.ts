import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROLE_LEVELS, ROLES } from "../../shared/domain.ts";
import { PERMISSIONS } from "../../shared/permissions.ts";
import { BACK_OFFICE_ROUTES, backOfficeRoutesFor } from "./back-office-routes.ts";
import { can, permissionsOf, rolesWith } from "./permission-table.ts";

const docs = readFileSync(new URL("../../../docs/permissions.md", import.meta.url), "utf8");

/** Every markdown table row of the page, as trimmed cells. */
const rows = docs
  .split("\n")
  .filter((line) => line.startsWith("|"))
  .map((line) =>
    line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

/** The cells of the row whose first cell is `name` (in backticks, or plain for a header). */
function rowOf(name: string): string[] | undefined {
  return rows.find((cells) => cells[0] === `\`${name}\`` || cells[0] === name);
}

/** The backticked first cells of all rows that match `pattern`, in page order. */
function namesMatching(pattern: RegExp): string[] {
  const names = rows.map((cells) => /^`(.+)`$/.exec(cells[0] ?? "")?.[1] ?? "");
  return names.filter((name) => pattern.test(name));
}

describe("permission table", () => {
  it("gives a kiosk account only the kiosk and its own account", () => {
    expect(permissionsOf(ROLES.kiosk)).toEqual(["account.self", "kiosk.use"]);
  });

  it("lets contact centre staff view the line and add to it, but not serve it", () => {
    expect(can(ROLES.contact_centre_staff, "queue.view")).toBe(true);
    expect(can(ROLES.contact_centre_staff, "queue.add_walkin")).toBe(true);
    expect(can(ROLES.contact_centre_staff, "queue.serve")).toBe(false);
    expect(can(ROLES.contact_centre_staff, "dashboard.view")).toBe(false);
  });

  it("keeps platform features to the platform admin", () => {
    expect(rolesWith("platform.manage")).toEqual([ROLES.platform_admin]);
  });

  it("never takes a right away from a higher role, kiosk and contact centre aside", () => {
    const people = ROLE_LEVELS.filter((l) => l >= ROLES.staff).sort((a, b) => a - b);
    for (const permission of PERMISSIONS) {
      for (let i = 1; i < people.length; i++) {
        if (can(people[i - 1]!, permission))
          expect(can(people[i]!, permission), permission).toBe(true);
      }
    }
  });

  it("refuses a role level that does not exist", () => {
    expect(can(0, "account.self")).toBe(false);
    expect(can(3, "queue.view")).toBe(false);
  });

  it("is what docs/permissions.md shows, row for row", () => {
    const header = rowOf("Permission")!;
    expect(header.slice(1, -1)).toEqual(ROLE_LEVELS.map(String));
    for (const permission of PERMISSIONS) {
      const row = rowOf(permission);
      expect(row, `${permission} is missing from docs/permissions.md`).toBeDefined();
      const marks = row!.slice(1, 1 + ROLE_LEVELS.length);
      expect(marks, permission).toEqual(
        ROLE_LEVELS.map((level) => (can(level, permission) ? "✓" : "")),
      );
    }
    const documented = namesMatching(/^[a-z_]+\.[a-z_]+$/);
    expect(documented.sort()).toEqual([...PERMISSIONS].sort());
  });

  it("documents every back-office page with the permission the code gives it", () => {
    for (const route of BACK_OFFICE_ROUTES) {
      const row = rowOf(route.path);
      expect(row, `${route.path} is missing from docs/permissions.md`).toBeDefined();
      expect(row![1]).toBe(`\`${route.permission}\``);
      expect(row![2]).toBe(route.vendorFlag ? `\`${route.vendorFlag}\`` : "");
    }
    const documented = namesMatching(/^\//);
    expect(documented).toEqual(BACK_OFFICE_ROUTES.map((r) => r.path));
  });
});

describe("back-office pages per role", () => {
  it("opens the lobby to everyone who may view the line, and no settings below Admin", () => {
    for (const level of ROLE_LEVELS) {
      const paths = backOfficeRoutesFor(level).map((r) => r.path);
      expect(paths.includes("/lobby"), String(level)).toBe(can(level, "queue.view"));
      const settings = paths.filter((p) => p.startsWith("/settings/") && p !== "/settings/support");
      if (level < ROLES.manager) expect(settings, String(level)).toEqual([]);
    }
  });

  it("shows a manager staff pages but not vendor settings", () => {
    const paths = backOfficeRoutesFor(ROLES.manager).map((r) => r.path);
    expect(paths).toContain("/staff");
    expect(paths).toContain("/hours/*");
    expect(paths).not.toContain("/settings/branding/general");
    expect(paths).not.toContain("/manage-features");
  });

  it("keeps the platform pages, failed jobs among them, to the platform admin", () => {
    const platformPages = (level: number) =>
      backOfficeRoutesFor(level)
        .filter((route) => route.permission === "platform.manage")
        .map((route) => route.path);
    expect(platformPages(ROLES.platform_admin)).toEqual([
      "/manage-features/create",
      "/manage-features/*/edit",
      "/seed-demo-data",
      "/jobs",
      "/vendors",
      "/vendors/*",
    ]);
    for (const level of ROLE_LEVELS.filter((l) => l !== ROLES.platform_admin))
      expect(platformPages(level), String(level)).toEqual([]);
  });
});

// Which pages the shell links and opens for each role, and which `next` addresses sign-in follows.
import { describe, expect, it } from "vitest";
import { staffMe } from "../office-test-harness.tsx";
import { mayOpen, officeHome, pagesFor, routeMatches, safeNextPath } from "./back-office-pages.ts";

describe("routeMatches", () => {
  it("reads * as one segment and a trailing * as any rest", () => {
    expect(routeMatches("/lobby", "/lobby")).toBe(true);
    expect(routeMatches("/lobby", "/lobby/more")).toBe(false);
    expect(routeMatches("/clients/*/timeline", "/clients/7/timeline")).toBe(true);
    expect(routeMatches("/clients/*/timeline", "/clients/7/8/timeline")).toBe(false);
    expect(routeMatches("/conversations*", "/conversations/12/messages")).toBe(true);
    expect(routeMatches("/a.b", "/axb")).toBe(false);
  });
});

describe("pages by role", () => {
  it("link the lobby and the dashboard for staff, and only pages that exist", () => {
    const me = staffMe("staff");
    expect(pagesFor(me).map((page) => page.path)).toEqual(["/lobby", "/dashboard"]);
    // Staff may open /schedule by the table, but the page does not exist yet: not linked.
    expect(mayOpen(me, "/schedule")).toBe(true);
    expect(officeHome(me)).toBe("/lobby");
  });

  it("give a contact centre agent the lobby without the dashboard", () => {
    const me = staffMe("contact_centre_staff");
    expect(pagesFor(me).map((page) => page.path)).toEqual(["/lobby"]);
    expect(mayOpen(me, "/dashboard")).toBe(false);
  });

  it("link the failed jobs to the platform admin alone", () => {
    expect(pagesFor(staffMe("platform_admin")).map((page) => page.path)).toEqual([
      "/lobby",
      "/dashboard",
      "/jobs",
    ]);
    expect(pagesFor(staffMe("admin")).map((page) => page.path)).toEqual(["/lobby", "/dashboard"]);
    expect(pagesFor(staffMe("manager")).map((page) => page.path)).toEqual(["/lobby", "/dashboard"]);
    expect(mayOpen(staffMe("admin"), "/jobs")).toBe(false);
  });

  it("open nothing but /forbidden to a kiosk account, and land it there", () => {
    const me = staffMe("kiosk");
    expect(pagesFor(me)).toEqual([]);
    expect(mayOpen(me, "/lobby")).toBe(false);
    expect(mayOpen(me, "/forbidden")).toBe(true);
    expect(officeHome(me)).toBe("/forbidden");
  });

  it("keep pages behind a vendor flag closed, since the web cannot see the flag", () => {
    const me = staffMe("admin");
    expect(me.back_office_routes.some((route) => route.path === "/services")).toBe(true);
    expect(mayOpen(me, "/services")).toBe(false);
    expect(mayOpen(me, "/lobby/")).toBe(true);
  });
});

describe("safeNextPath", () => {
  it("keeps a path of this site with its query and hash", () => {
    expect(safeNextPath("/lobby?location=3#top")).toBe("/lobby?location=3#top");
  });

  it("refuses addresses that would leave the site", () => {
    for (const next of ["//evil.example/x", "https://evil.example", "/\\evil.example", "lobby", ""])
      expect(safeNextPath(next)).toBeNull();
    expect(safeNextPath(null)).toBeNull();
  });
});

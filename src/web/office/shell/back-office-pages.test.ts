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
  it("link the lobby, the schedule and the dashboard for staff, and only pages that exist", () => {
    const me = staffMe("staff");
    expect(pagesFor(me).map((page) => page.path)).toEqual([
      "/lobby",
      "/schedule",
      "/clients",
      "/dashboard",
    ]);
    expect(officeHome(me)).toBe("/lobby");
  });

  it("give a contact centre agent the lobby and the schedule without the dashboard", () => {
    const me = staffMe("contact_centre_staff");
    expect(pagesFor(me).map((page) => page.path)).toEqual(["/lobby", "/schedule", "/clients"]);
    expect(mayOpen(me, "/dashboard")).toBe(false);
  });

  it("link the failed jobs to the platform admin alone", () => {
    expect(pagesFor(staffMe("platform_admin")).map((page) => page.path)).toEqual([
      "/lobby",
      "/schedule",
      "/clients",
      "/dashboard",
      "/messages",
      "/jobs",
      "/staff",
      "/locations",
      "/hours",
      "/services",
      "/groups",
      "/rooms",
      "/settings",
    ]);
    expect(pagesFor(staffMe("admin")).map((page) => page.path)).toEqual([
      "/lobby",
      "/schedule",
      "/clients",
      "/dashboard",
      "/messages",
      "/staff",
      "/locations",
      "/hours",
      "/services",
      "/groups",
      "/rooms",
      "/settings",
    ]);
    expect(mayOpen(staffMe("admin"), "/jobs")).toBe(false);
    expect(mayOpen(staffMe("admin"), "/locations/new")).toBe(true);
    expect(mayOpen(staffMe("admin"), "/locations/12")).toBe(true);
    expect(mayOpen(staffMe("manager"), "/locations")).toBe(false);
    expect(mayOpen(staffMe("manager"), "/locations/12")).toBe(false);
  });

  it("link the message log from Manager up, never below, and the settings from Admin up", () => {
    expect(pagesFor(staffMe("manager")).map((page) => page.path)).toEqual([
      "/lobby",
      "/schedule",
      "/clients",
      "/dashboard",
      "/messages",
      "/staff",
      "/hours",
      "/groups",
      "/rooms",
    ]);
    expect(mayOpen(staffMe("manager"), "/staff/12/assignments/edit")).toBe(true);
    expect(mayOpen(staffMe("staff"), "/staff")).toBe(false);
    expect(mayOpen(staffMe("manager"), "/hours/3")).toBe(true);
    expect(mayOpen(staffMe("staff"), "/hours")).toBe(false);
    expect(mayOpen(staffMe("manager"), "/settings/notifications/client")).toBe(false);
    expect(mayOpen(staffMe("staff"), "/messages")).toBe(false);
    expect(mayOpen(staffMe("contact_centre_staff"), "/messages")).toBe(false);
  });

  it("open no back-office page to a kiosk account, and land it on its location's kiosk", () => {
    const me = staffMe("kiosk");
    expect(pagesFor(me)).toEqual([]);
    expect(mayOpen(me, "/lobby")).toBe(false);
    expect(mayOpen(me, "/forbidden")).toBe(true);
    expect(officeHome(me)).toBe(`/how?location=${me.locations[0]?.id}&mode=kiosk`);
    expect(officeHome(staffMe("kiosk", { locations: [] }))).toBe("/forbidden");
  });

  it("keep pages behind a vendor flag closed, since the web cannot see the flag", () => {
    const me = staffMe("admin");
    expect(me.back_office_routes.some((route) => route.path === "/settings/access/roles")).toBe(
      true,
    );
    expect(mayOpen(me, "/settings/access/roles")).toBe(false);
    expect(mayOpen(me, "/lobby/")).toBe(true);
  });

  it("open the services pages to Admin and up, with no vendor flag (decision 18)", () => {
    for (const path of ["/services", "/services/new", "/services/12", "/services/questions/3"]) {
      expect(mayOpen(staffMe("admin"), path), path).toBe(true);
      expect(mayOpen(staffMe("manager"), path), path).toBe(false);
    }
  });
});

describe("groups and rooms pages", () => {
  it("show groups to Managers but open a group's form to Admin and up alone", () => {
    expect(mayOpen(staffMe("manager"), "/groups")).toBe(true);
    expect(mayOpen(staffMe("manager"), "/groups/new")).toBe(false);
    expect(mayOpen(staffMe("manager"), "/groups/4")).toBe(false);
    expect(mayOpen(staffMe("admin"), "/groups/new")).toBe(true);
    expect(mayOpen(staffMe("admin"), "/groups/4")).toBe(true);
    expect(mayOpen(staffMe("staff"), "/groups")).toBe(false);
  });

  it("open the rooms pages from Manager up", () => {
    for (const path of ["/rooms", "/rooms/new", "/rooms/9"]) {
      expect(mayOpen(staffMe("manager"), path), path).toBe(true);
      expect(mayOpen(staffMe("staff"), path), path).toBe(false);
    }
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

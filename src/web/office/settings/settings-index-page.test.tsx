// @vitest-environment jsdom
// The settings index: every settings page the staff member may open, under its group's heading,
// each link described by its line; a group with no page the role may open is not shown.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderOffice, staffMe, t } from "../office-test-harness.tsx";
import { SettingsIndexPage } from "./settings-index-page.tsx";
import { SETTINGS_PAGES } from "./settings-pages.ts";

afterEach(cleanup);

describe("the settings index", () => {
  it("lists the pages an admin may open in their groups, each link described", async () => {
    renderOffice(<SettingsIndexPage />, { at: "/settings", me: staffMe("admin") });
    expect(
      await screen.findByRole("heading", { level: 1, name: t("Settings.title") }),
    ).toBeTruthy();
    const messages = screen.getByRole("region", { name: t("Settings.group_messages") });
    const link = within(messages).getByRole("link", { name: t("Office.nav_notifications") });
    expect(link.getAttribute("href")).toBe("/settings/notifications/client");
    expect(link.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(link.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      t("Settings.notifications_description"),
    );
  });

  it("shows no group whose pages the role may not open", async () => {
    const admin = staffMe("admin");
    const withoutNotifications = {
      ...admin,
      back_office_routes: admin.back_office_routes.filter(
        (route) => !route.path.startsWith("/settings/notifications"),
      ),
    };
    renderOffice(<SettingsIndexPage />, { at: "/settings", me: withoutNotifications });
    await screen.findByRole("heading", { level: 1, name: t("Settings.title") });
    expect(screen.queryByRole("region", { name: t("Settings.group_messages") })).toBeNull();
  });

  it("names every page by messages that exist", () => {
    for (const page of SETTINGS_PAGES) {
      expect(t(page.labelId)).toBeTruthy();
      expect(t(page.descriptionId)).toBeTruthy();
    }
  });
});

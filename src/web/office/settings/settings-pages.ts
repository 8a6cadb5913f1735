// The settings pages of the back office, as the settings index lists them (settings-index-page.tsx)
// and the "Settings" link of the navigation reaches them: each once, in its group, shown to a staff
// member only when they may open it (the back_office_routes of GET /me).
import { paths } from "../office-paths.ts";

export type SettingsGroup = "visitors" | "lobby" | "messages" | "access" | "data";

export type SettingsPage = {
  path: string;
  /** the link's text */
  labelId: string;
  /** one line on what the page changes */
  descriptionId: string;
  group: SettingsGroup;
};

export const SETTINGS_PAGES: readonly SettingsPage[] = [
  {
    path: paths.clientViewSettings(),
    labelId: "Settings.client_view_label",
    descriptionId: "Settings.client_view_description",
    group: "visitors",
  },
  {
    path: paths.brandingSettings(),
    labelId: "Office.nav_branding",
    descriptionId: "Settings.branding_description",
    group: "visitors",
  },
  {
    path: paths.cxSnippets(),
    labelId: "Office.nav_cx_snippets",
    descriptionId: "Office.settings.cx_snippets_description",
    group: "visitors",
  },
  {
    path: paths.synonyms(),
    labelId: "Office.synonyms.title",
    descriptionId: "Settings.synonyms_description",
    group: "visitors",
  },
  {
    path: paths.lobbySettings(),
    labelId: "Settings.lobby_title",
    descriptionId: "Settings.lobby_description",
    group: "lobby",
  },
  {
    path: paths.notificationSettings("client"),
    labelId: "Office.nav_notifications",
    descriptionId: "Settings.notifications_description",
    group: "messages",
  },
  {
    path: paths.features(),
    labelId: "Office.features.title",
    descriptionId: "Settings.features_description",
    group: "access",
  },
  {
    path: paths.apiKeys(),
    labelId: "Settings.api_keys_label",
    descriptionId: "Settings.api_keys_description",
    group: "access",
  },
];

// The vendor's settings as the settings pages edit them, one section per page, under
// /api/internal/v1/settings/{section}: GET answers the section with `ETag: "<settings version>"`;
// PUT replaces the whole section (a setting left out takes its default) with that version as
// If-Match, and answers 409 `version_conflict` with the section as it is now when another save came
// first. Every section shares the one settings version of the vendor. Messages are catalog ids.
import { z } from "zod";
import {
  boardSettingsSchema,
  bookingSettingsSchema,
  clientViewSettingsSchema,
  featureFlagsSchema,
  synonymsSchema,
} from "../vendor-settings.ts";

/** The lobby and TV page: the board of every location and the calling rules of the lobby. */
export const lobbySettingsSchema = z.strictObject({
  board: boardSettingsSchema.default(boardSettingsSchema.parse({})),
  auto_no_show_minutes: z
    .number()
    .int()
    .min(1, "Settings.error_auto_no_show_range")
    .max(240, "Settings.error_auto_no_show_range")
    .nullable()
    .default(null),
});
export type LobbySettings = z.output<typeof lobbySettingsSchema>;

/** The sections and the shape each edits; the path segment is the key. */
export const SETTINGS_SECTIONS = {
  "client-view": clientViewSettingsSchema,
  lobby: lobbySettingsSchema,
  features: featureFlagsSchema,
  synonyms: synonymsSchema,
  booking: bookingSettingsSchema,
} as const;
export type SettingsSectionName = keyof typeof SETTINGS_SECTIONS;
export type SettingsSectionValue<N extends SettingsSectionName> = z.output<
  (typeof SETTINGS_SECTIONS)[N]
>;

export function settingsSectionResourceSchema<N extends SettingsSectionName>(name: N) {
  return z.object({
    type: z.literal("vendor-settings"),
    id: z.literal(name).describe("the section"),
    attributes: SETTINGS_SECTIONS[name],
    meta: z.object({
      version: z.number().int().describe("the vendor's settings version: If-Match of a save"),
    }),
  });
}

export function settingsSectionDocumentSchema<N extends SettingsSectionName>(name: N) {
  return z.object({ data: settingsSectionResourceSchema(name) });
}

/** PUT /settings/{section}: the whole section. */
export function settingsSectionBodySchema<N extends SettingsSectionName>(name: N) {
  return z.strictObject({
    data: z.strictObject({
      type: z.literal("vendor-settings", "Errors.invalid_value"),
      id: z.literal(name, "Errors.invalid_value").optional(),
      attributes: SETTINGS_SECTIONS[name],
    }),
  });
}

export type SettingsSectionDocument<N extends SettingsSectionName> = {
  data: {
    type: "vendor-settings";
    id: N;
    attributes: SettingsSectionValue<N>;
    meta: { version: number };
  };
};

// When the product tells people things, as the settings pages edit it: the vendor's notification
// settings (GET/PUT /api/internal/v1/notification-settings) and a location's overrides of them
// (GET/PUT /api/internal/v1/locations/{id}/notification-settings). The values themselves are
// checked by src/shared/notifications/settings.ts, in the route, so each problem gets its own message.
import { z } from "zod";

const values = z.object({
  almost_turn_people: z.number(),
  almost_turn_minutes: z.number(),
  quiet_hours: z.object({ start: z.string(), end: z.string() }).nullable(),
  long_wait_alert_minutes: z.number().nullable(),
  sms_per_number_per_hour: z.number(),
});

export const vendorNotificationSettingsDocumentSchema = z.object({
  data: z.object({
    type: z.literal("notification-settings"),
    id: z.string().describe("the vendor id"),
    attributes: values,
  }),
});
export type VendorNotificationSettingsDocument = z.output<
  typeof vendorNotificationSettingsDocumentSchema
>;

export const locationNotificationSettingsDocumentSchema = z.object({
  data: z.object({
    type: z.literal("location-notification-settings"),
    id: z.string().describe("the location id"),
    attributes: z.object({
      overrides: values.partial().describe("what the location sets itself; absent: the vendor's"),
      effective: values.describe("the vendor's settings with the location's overrides"),
    }),
  }),
});
export type LocationNotificationSettingsDocument = z.output<
  typeof locationNotificationSettingsDocumentSchema
>;

/** PUT bodies: the vendor's settings (missing ones take their defaults) or a location's overrides. */
export const notificationSettingsInputSchema = z
  .object({
    data: z
      .object({
        type: z.enum(["notification-settings", "location-notification-settings"]),
        attributes: z.record(z.string(), z.unknown()),
      })
      .strict(),
  })
  .strict();
export type NotificationSettingsInput = z.input<typeof notificationSettingsInputSchema>;

// When the product tells people things: the vendor's notification settings (vendor settings
// `notifications`) and a location's overrides of them (locations.notification_settings). Shared by
// the server, which applies them, and the settings pages, which edit them.
import { z } from "zod";

/** "HH:mm", 24-hour local wall-clock time of the location. */
const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** Local hours during which SMS wait (held) until the end; email is never held. */
export const quietHoursSchema = z
  .object({ start: localTime, end: localTime })
  .strict()
  .refine((hours) => hours.start !== hours.end, { message: "quiet_hours_empty" });
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** Each setting's own bounds, without its default (a location's override has none). */
const settingFields = {
  /** "almost your turn" goes once when this many people or fewer are ahead … */
  almost_turn_people: z.number().int().min(0).max(50),
  /** … or when the estimate is this many minutes or less */
  almost_turn_minutes: z.number().int().min(0).max(240),
  quiet_hours: quietHoursSchema.nullable(),
  /** staff of the location are alerted when a visitor has waited this long; null: never */
  long_wait_alert_minutes: z.number().int().min(5).max(720).nullable(),
  /** at most this many SMS to one number in an hour; later ones wait for the hour to pass */
  sms_per_number_per_hour: z.number().int().min(1).max(60),
};

export const notificationSettingsSchema = z
  .object({
    almost_turn_people: settingFields.almost_turn_people.default(2),
    almost_turn_minutes: settingFields.almost_turn_minutes.default(10),
    quiet_hours: settingFields.quiet_hours.default(null),
    long_wait_alert_minutes: settingFields.long_wait_alert_minutes.default(null),
    sms_per_number_per_hour: settingFields.sms_per_number_per_hour.default(10),
  })
  .strict();
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * A location's overrides: any setting it names replaces the vendor's. Built from the fields without
 * their defaults: a partial of the schema above would fill every absent setting with its default
 * and so override the vendor's settings with the product's.
 */
export const locationNotificationSettingsSchema = z
  .object(settingFields)
  .partial()
  .strict()
  .transform((settings) =>
    Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)),
  );

export function effectiveNotificationSettings(
  vendor: NotificationSettings,
  location: unknown,
): NotificationSettings {
  const parsed = locationNotificationSettingsSchema.safeParse(location ?? {});
  return parsed.success ? { ...vendor, ...parsed.data } : vendor;
}

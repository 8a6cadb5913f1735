// GET and PUT /api/internal/v1/notification-settings: the vendor's settings of when messages go
// (almost your turn, quiet hours, long-wait alerts, SMS per number). Fetcher, query options, hooks.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { VendorNotificationSettingsDocument } from "../../../shared/contracts/notification-settings.ts";
import type { NotificationSettings } from "../../../shared/notifications/settings.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { NotificationSettings };

export const notificationSettingsKey = [OFFICE_QUERY_ROOT, "notification-settings"] as const;

export async function getNotificationSettings(signal?: AbortSignal) {
  const document = await officeApi.get<VendorNotificationSettingsDocument>(
    paths.api.internal.notificationSettings(),
    signal ? { signal } : undefined,
  );
  return document.data.attributes;
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

export async function saveNotificationSettings(settings: NotificationSettings) {
  const document = await officeApi.put<VendorNotificationSettingsDocument>(
    paths.api.internal.notificationSettings(),
    { data: { type: "notification-settings", attributes: settings } },
  );
  return document.data.attributes;
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationSettingsKey, saved);
      // What is in effect at each location rests on the vendor's settings.
      void queryClient.invalidateQueries({ queryKey: locationNotificationSettingsRoot });
    },
  });
}

export const locationNotificationSettingsRoot = [
  OFFICE_QUERY_ROOT,
  "location-notification-settings",
] as const;

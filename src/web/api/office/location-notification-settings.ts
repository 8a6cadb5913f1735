// GET and PUT /api/internal/v1/locations/{id}/notification-settings: a location's own settings of
// when messages go (absent ones are the vendor's) and those in effect there. Fetcher, options, hooks.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LocationNotificationSettingsDocument } from "../../../shared/contracts/notification-settings.ts";
import type { NotificationSettings } from "../../../shared/notifications/settings.ts";
import { paths } from "../../office/office-paths.ts";
import { locationNotificationSettingsRoot } from "./notification-settings.ts";
import { officeApi } from "./office-client.ts";

export type LocationNotificationSettings =
  LocationNotificationSettingsDocument["data"]["attributes"];

export const locationNotificationSettingsKey = (locationId: number) =>
  [...locationNotificationSettingsRoot, locationId] as const;

export async function getLocationNotificationSettings(locationId: number, signal?: AbortSignal) {
  const document = await officeApi.get<LocationNotificationSettingsDocument>(
    paths.api.internal.locationNotificationSettings(locationId),
    signal ? { signal } : undefined,
  );
  return document.data.attributes;
}

export const locationNotificationSettingsQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: locationNotificationSettingsKey(locationId),
    queryFn: ({ signal }) => getLocationNotificationSettings(locationId, signal),
  });

export function useLocationNotificationSettings(locationId: number | null) {
  return useQuery({
    ...locationNotificationSettingsQueryOptions(locationId ?? 0),
    enabled: locationId !== null,
  });
}

export async function saveLocationNotificationSettings(input: {
  locationId: number;
  overrides: Partial<NotificationSettings>;
}) {
  const document = await officeApi.put<LocationNotificationSettingsDocument>(
    paths.api.internal.locationNotificationSettings(input.locationId),
    { data: { type: "location-notification-settings", attributes: input.overrides } },
  );
  return document.data.attributes;
}

export function useSaveLocationNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLocationNotificationSettings,
    onSuccess: (saved, input) =>
      queryClient.setQueryData(locationNotificationSettingsKey(input.locationId), saved),
  });
}

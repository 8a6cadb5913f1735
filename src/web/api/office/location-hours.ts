// A location's opening hours for the back office's hours page: the weekly hours (GET/PUT
// /locations/{id}/hours), the holidays and special hours (GET/POST /locations/{id}/adjustments,
// PATCH and DELETE one) and the next 14 days as visitors will see them (GET /locations/{id}/hours/preview).
// Saves send the version they edited (If-Match); a 409 means someone else saved first.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  HourAdjustmentDocument,
  HourAdjustmentListDocument,
  HourAdjustmentResource,
  HoursPreviewDocument,
  LocationHoursDocument,
} from "../../../shared/contracts/location-hours.ts";
import type { WeeklyHours } from "../../../shared/opening-hours.ts";
import { paths } from "../../office/office-paths.ts";
import { auditLogKey } from "./audit-log.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type LocationHours = LocationHoursDocument["data"]["attributes"];
export type HourAdjustment = HourAdjustmentResource;
export type PreviewDay = HoursPreviewDocument["data"][number]["attributes"];
export type NewAdjustment = {
  date: string;
  name: string | null;
  /** the day's periods; null: closed all day */
  hours: { open: string; closed: string }[] | null;
  recurs_yearly: boolean;
};

const root = (locationId: number) => [OFFICE_QUERY_ROOT, "location-hours", locationId] as const;
export const locationHoursKey = (locationId: number) => [...root(locationId), "weekly"] as const;
const adjustmentsKey = (locationId: number) => [...root(locationId), "adjustments"] as const;
const previewKey = (locationId: number) => [...root(locationId), "preview"] as const;

export function useLocationHours(locationId: number) {
  return useQuery({
    queryKey: locationHoursKey(locationId),
    queryFn: async ({ signal }) =>
      (
        await officeApi.get<LocationHoursDocument>(paths.api.internal.locationHours(locationId), {
          signal,
        })
      ).data.attributes,
  });
}

export function useHourAdjustments(locationId: number) {
  return useQuery({
    queryKey: adjustmentsKey(locationId),
    queryFn: async ({ signal }) =>
      (
        await officeApi.get<HourAdjustmentListDocument>(
          paths.api.internal.locationAdjustments(locationId),
          { signal },
        )
      ).data,
  });
}

export function useHoursPreview(locationId: number) {
  return useQuery({
    queryKey: previewKey(locationId),
    queryFn: async ({ signal }) => {
      const document = await officeApi.get<HoursPreviewDocument>(
        paths.api.internal.locationHoursPreview(locationId),
        { signal, query: { days: 14 } },
      );
      return { days: document.data.map((day) => day.attributes), timezone: document.meta.timezone };
    },
  });
}

/** The hours' history, shown under them: every change of this file adds to it. */
const historyKey = (locationId: number) => auditLogKey("location_hours", String(locationId));

function invalidateAll(queryClient: QueryClient, locationId: number) {
  void queryClient.invalidateQueries({ queryKey: historyKey(locationId) });
  return queryClient.invalidateQueries({ queryKey: root(locationId) });
}

const ifMatch = (version: number) => ({ headers: { "If-Match": `"${version}"` } });

export function useSaveWeeklyHours(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { weekly: WeeklyHours; version: number }) =>
      (
        await officeApi.put<LocationHoursDocument>(
          paths.api.internal.locationHours(locationId),
          { data: { type: "location-hours", attributes: { weekly: input.weekly } } },
          ifMatch(input.version),
        )
      ).data.attributes,
    onSuccess: async (saved) => {
      queryClient.setQueryData(locationHoursKey(locationId), saved);
      void queryClient.invalidateQueries({ queryKey: historyKey(locationId) });
      await queryClient.invalidateQueries({ queryKey: previewKey(locationId) });
    },
  });
}

export function useAddAdjustment(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewAdjustment) =>
      (
        await officeApi.post<HourAdjustmentDocument>(
          paths.api.internal.locationAdjustments(locationId),
          { data: { type: "location-hour-adjustments", attributes: input } },
        )
      ).data,
    onSuccess: () => invalidateAll(queryClient, locationId),
  });
}

/** Changes a holiday or special day; the version it was read at goes as If-Match (409 if moved on). */
export function useUpdateAdjustment(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      adjustment,
      input,
    }: {
      adjustment: HourAdjustment;
      input: NewAdjustment;
    }) =>
      (
        await officeApi.patch<HourAdjustmentDocument>(
          paths.api.internal.locationAdjustment(locationId, adjustment.id),
          { data: { type: "location-hour-adjustments", attributes: input } },
          ifMatch(adjustment.attributes.version),
        )
      ).data,
    onSettled: () => invalidateAll(queryClient, locationId),
  });
}

export function useDeleteAdjustment(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adjustment: HourAdjustment) =>
      officeApi.delete<null>(
        paths.api.internal.locationAdjustment(locationId, adjustment.id),
        ifMatch(adjustment.attributes.version),
      ),
    onSettled: () => invalidateAll(queryClient, locationId),
  });
}

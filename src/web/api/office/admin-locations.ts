// The back office's locations (GET|POST /api/internal/v1/locations, GET|PATCH /locations/{id}):
// fetchers, query options and hooks. A save names the version it edited (If-Match); a 409 carries
// the location as it is now in the error's meta.current.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  AdminLocation,
  AdminLocationDocument,
  AdminLocationListDocument,
} from "../../../shared/contracts/admin-location.ts";
import { paths } from "../../office/office-paths.ts";
import { ApiError } from "../client.ts";
import { auditLogKey } from "./audit-log.ts";
import { meQueryKey, OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { AdminLocation, AdminLocationListDocument };

export type AdminLocationsQuery = {
  "filter[search]"?: string;
  "filter[region]"?: string;
  "filter[archived]"?: "false" | "true" | "all";
  sort?: string;
  "page[number]"?: number;
  "page[size]"?: number;
};

const root = [OFFICE_QUERY_ROOT, "admin-locations"] as const;
export const adminLocationsKey = (query: AdminLocationsQuery) => [...root, "list", query] as const;
export const adminLocationKey = (id: string) => [...root, "one", id] as const;

export function useAdminLocations(query: AdminLocationsQuery) {
  return useQuery({
    queryKey: adminLocationsKey(query),
    queryFn: ({ signal }) =>
      officeApi.get<AdminLocationListDocument>(paths.api.internal.adminLocations(query), {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const adminLocationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminLocationKey(id),
    queryFn: async ({ signal }) =>
      (
        await officeApi.get<AdminLocationDocument>(paths.api.internal.adminLocation(id), {
          signal,
        })
      ).data,
  });

export function useAdminLocation(id: string) {
  return useQuery(adminLocationQueryOptions(id));
}

/** After a save: the list, the location, its history and the staff's own locations are stale. */
function useSaved() {
  const queryClient = useQueryClient();
  return (saved: AdminLocation) => {
    queryClient.setQueryData(adminLocationKey(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: [...root, "list"] });
    void queryClient.invalidateQueries({ queryKey: auditLogKey("location", saved.id) });
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
}

export function useCreateLocation() {
  const saved = useSaved();
  return useMutation({
    mutationFn: async (attributes: Record<string, unknown>) =>
      (
        await officeApi.post<AdminLocationDocument>(paths.api.internal.adminLocations(), {
          data: { type: "locations", attributes },
        })
      ).data,
    onSuccess: saved,
  });
}

export function useUpdateLocation() {
  const saved = useSaved();
  return useMutation({
    mutationFn: async (change: {
      id: string;
      version: number;
      attributes: Record<string, unknown>;
    }) =>
      (
        await officeApi.patch<AdminLocationDocument>(
          paths.api.internal.adminLocation(change.id),
          { data: { type: "locations", id: change.id, attributes: change.attributes } },
          { headers: { "If-Match": `"${change.version}"` } },
        )
      ).data,
    onSuccess: saved,
  });
}

/** The location as it is now, when a save was refused because someone else saved first. */
export function conflictCurrent(error: unknown): AdminLocation | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const current = error.meta?.current as AdminLocation | undefined;
  return current && typeof current === "object" && "attributes" in current ? current : null;
}

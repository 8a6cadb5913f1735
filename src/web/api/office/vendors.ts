// The platform admins' vendors: GET /api/internal/v1/vendors (every vendor with its hosts) and
// POST (a new vendor and its first admin, who is sent an invitation); GET and PATCH /vendors/{id}
// (one vendor's name, slug and host names, saved with If-Match). Contracts in
// src/shared/contracts/vendor-admin.ts.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateVendorBody,
  VendorDocument,
  VendorList,
  VendorPatchBody,
  VendorResource,
} from "../../../shared/contracts/vendor-admin.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { VendorResource };
export type NewVendor = CreateVendorBody["data"]["attributes"];
export type VendorChanges = VendorPatchBody["data"]["attributes"];

export const vendorsKey = [OFFICE_QUERY_ROOT, "vendors"] as const;

export const vendorsQueryOptions = () =>
  queryOptions({
    queryKey: vendorsKey,
    queryFn: ({ signal }) => officeApi.get<VendorList>(paths.api.internal.vendors(), { signal }),
  });

export function useVendors() {
  return useQuery(vendorsQueryOptions());
}

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attributes: NewVendor) =>
      officeApi.post<VendorDocument>(paths.api.internal.vendors(), {
        data: { type: "vendors", attributes },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorsKey }),
  });
}

export function useVendor(id: string) {
  return useQuery({
    queryKey: [...vendorsKey, "one", id] as const,
    queryFn: ({ signal }) =>
      officeApi
        .get<VendorDocument>(paths.api.internal.vendor(id), { signal })
        .then((document) => document.data),
  });
}

export function useSaveVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { id: string; version: number; attributes: VendorChanges }) =>
      officeApi
        .patch<VendorDocument>(
          paths.api.internal.vendor(save.id),
          { data: { type: "vendors", attributes: save.attributes } },
          { headers: { "If-Match": `"${save.version}"` } },
        )
        .then((document) => document.data),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: vendorsKey });
      void queryClient.invalidateQueries({ queryKey: [OFFICE_QUERY_ROOT, "audit-log"] });
    },
  });
}

// GET/PUT /api/internal/v1/settings/branding and POST/DELETE …/branding/logo: the vendor's theme as
// settings/branding edits it, with the settings version each save sends back as If-Match (409:
// someone saved a settings page first). Fetcher, query options, hooks.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BrandingDocument, BrandingInput } from "../../../shared/contracts/branding.ts";
import type { Theme } from "../../../shared/vendor-settings.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type Branding = { theme: Theme; version: number };

export const brandingKey = [OFFICE_QUERY_ROOT, "branding"] as const;

const readDocument = (document: BrandingDocument): Branding => ({
  theme: document.data.attributes,
  version: document.data.meta.version,
});

const ifMatch = (version: number) => ({ headers: { "If-Match": `"${version}"` } });

export const brandingQueryOptions = () =>
  queryOptions({
    queryKey: brandingKey,
    queryFn: async ({ signal }) =>
      readDocument(
        await officeApi.get<BrandingDocument>(paths.api.internal.branding(), { signal }),
      ),
  });

export function useBranding() {
  return useQuery(brandingQueryOptions());
}

/** After a save: this page's copy, and the vendor state the pages (and the office header) show. */
function useSaved() {
  const queryClient = useQueryClient();
  return (saved: Branding) => {
    queryClient.setQueryData(brandingKey, saved);
    void queryClient.invalidateQueries({ queryKey: ["vendor"] });
  };
}

export function useSaveBranding() {
  const onSuccess = useSaved();
  return useMutation({
    mutationFn: async (input: { values: Omit<BrandingInput, "logo_url">; version: number }) =>
      readDocument(
        await officeApi.put<BrandingDocument>(
          paths.api.internal.branding(),
          { data: { type: "vendor-settings", id: "branding", attributes: input.values } },
          ifMatch(input.version),
        ),
      ),
    onSuccess,
  });
}

export function useUploadLogo() {
  const onSuccess = useSaved();
  return useMutation({
    mutationFn: async (input: { file: Blob; version: number }) =>
      readDocument(
        await officeApi.postFile<BrandingDocument>(
          paths.api.internal.brandingLogo(),
          input.file,
          ifMatch(input.version),
        ),
      ),
    onSuccess,
  });
}

export function useRemoveLogo() {
  const onSuccess = useSaved();
  return useMutation({
    mutationFn: async (input: { version: number }) =>
      readDocument(
        await officeApi.delete<BrandingDocument>(
          paths.api.internal.brandingLogo(),
          ifMatch(input.version),
        ),
      ),
    onSuccess,
  });
}

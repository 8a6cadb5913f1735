// GET and PUT /api/internal/v1/settings/{section}: one section of the vendor's settings with the
// settings version it was read at. A save sends that version as If-Match; a 409 means another save
// came first (on any section: they share one version), and the page reloads the section.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  SettingsSectionDocument,
  SettingsSectionValue,
} from "../../../shared/contracts/settings-sections.ts";
import { paths } from "../../office/office-paths.ts";
import { ApiError } from "../client.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

/** The sections the back office's pages edit through this client. */
export type EditedSection = "features" | "synonyms";

export type SectionState<N extends EditedSection> = {
  value: SettingsSectionValue<N>;
  version: number;
};

export const settingsSectionKey = (name: EditedSection) =>
  [OFFICE_QUERY_ROOT, "settings-section", name] as const;

const stateOf = <N extends EditedSection>(document: SettingsSectionDocument<N>) => ({
  value: document.data.attributes,
  version: document.data.meta.version,
});

export const settingsSectionQueryOptions = <N extends EditedSection>(name: N) =>
  queryOptions({
    queryKey: settingsSectionKey(name),
    queryFn: async ({ signal }): Promise<SectionState<N>> =>
      stateOf(
        await officeApi.get<SettingsSectionDocument<N>>(paths.api.internal.settingsSection(name), {
          signal,
        }),
      ),
  });

export function useSettingsSection<N extends EditedSection>(name: N) {
  return useQuery(settingsSectionQueryOptions(name));
}

export function useSaveSettingsSection<N extends EditedSection>(name: N) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: { version: number; value: SettingsSectionValue<N> }) =>
      stateOf(
        await officeApi.put<SettingsSectionDocument<N>>(
          paths.api.internal.settingsSection(name),
          { data: { type: "vendor-settings", id: name, attributes: save.value } },
          { headers: { "If-Match": `"${save.version}"` } },
        ),
      ),
    onSuccess: (saved) => queryClient.setQueryData(settingsSectionKey(name), saved),
    onError: (error) => {
      // Another save came first: read the section as it is now.
      if (isVersionConflict(error))
        void queryClient.invalidateQueries({ queryKey: settingsSectionKey(name) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [OFFICE_QUERY_ROOT, "audit-log"] }),
  });
}

export function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

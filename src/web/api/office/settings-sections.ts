// GET and PUT /api/internal/v1/settings/{section}: one section of the vendor's settings with the
// settings version it was read at. Every section shares that one version, so a page saving two
// sections sends the second with the version the first save answered. Fetcher, query options, hooks.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  SettingsSectionDocument,
  SettingsSectionName,
  SettingsSectionValue,
} from "../../../shared/contracts/settings-sections.ts";
import { paths } from "../../office/office-paths.ts";
import { ApiError } from "../client.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type SectionState<N extends SettingsSectionName> = {
  value: SettingsSectionValue<N>;
  version: number;
};

export const settingsSectionKey = (name: SettingsSectionName) =>
  [OFFICE_QUERY_ROOT, "settings-section", name] as const;

const stateOf = <N extends SettingsSectionName>(
  document: SettingsSectionDocument<N>,
): SectionState<N> => ({
  value: document.data.attributes,
  version: document.data.meta.version,
});

export async function getSettingsSection<N extends SettingsSectionName>(
  name: N,
  signal?: AbortSignal,
): Promise<SectionState<N>> {
  const document = await officeApi.get<SettingsSectionDocument<N>>(
    paths.api.internal.settingsSection(name),
    signal ? { signal } : undefined,
  );
  return stateOf(document);
}

export const settingsSectionQueryOptions = <N extends SettingsSectionName>(name: N) =>
  queryOptions({
    queryKey: settingsSectionKey(name),
    queryFn: ({ signal }) => getSettingsSection(name, signal),
  });

export function useSettingsSection<N extends SettingsSectionName>(name: N) {
  return useQuery(settingsSectionQueryOptions(name));
}

/** Replaces the section as it was read at `version`; a 409 means another save came first. */
export async function saveSettingsSection<N extends SettingsSectionName>(
  name: N,
  value: SettingsSectionValue<N>,
  version: number,
): Promise<SectionState<N>> {
  const document = await officeApi.put<SettingsSectionDocument<N>>(
    paths.api.internal.settingsSection(name),
    { data: { type: "vendor-settings", id: name, attributes: value } },
    { headers: { "If-Match": `"${version}"` } },
  );
  return stateOf(document);
}

/** A save of one section that keeps the read in step: the answer replaces it, a 409 re-reads it. */
export function useSaveSettingsSection<N extends SettingsSectionName>(name: N) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { version: number; value: SettingsSectionValue<N> }) =>
      saveSettingsSection(name, save.value, save.version),
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

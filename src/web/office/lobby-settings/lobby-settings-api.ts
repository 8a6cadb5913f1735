// GET and PUT /api/internal/v1/settings/lobby: the lobby and TV section of the vendor's settings,
// with the settings version a save names as If-Match (a 409 says another save came first).
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  LobbySettings,
  SettingsSectionDocument,
} from "../../../shared/contracts/settings-sections.ts";
import { OFFICE_QUERY_ROOT } from "../../api/office/me.ts";
import { officeApi } from "../../api/office/office-client.ts";
import { paths } from "../office-paths.ts";

export type { LobbySettings };
export type LobbySettingsState = { settings: LobbySettings; version: number };

export const lobbySettingsKey = [OFFICE_QUERY_ROOT, "settings", "lobby"] as const;

const stateOf = (document: SettingsSectionDocument<"lobby">): LobbySettingsState => ({
  settings: document.data.attributes,
  version: document.data.meta.version,
});

export const lobbySettingsQueryOptions = () =>
  queryOptions({
    queryKey: lobbySettingsKey,
    queryFn: async ({ signal }) =>
      stateOf(
        await officeApi.get<SettingsSectionDocument<"lobby">>(paths.api.internal.lobbySettings(), {
          signal,
        }),
      ),
  });

export function useLobbySettings() {
  return useQuery(lobbySettingsQueryOptions());
}

/** `settings` is sent as the page holds it: the server judges every value (422 with a pointer). */
export function useSaveLobbySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: { settings: unknown; version: number }) =>
      stateOf(
        await officeApi.put<SettingsSectionDocument<"lobby">>(
          paths.api.internal.lobbySettings(),
          { data: { type: "vendor-settings", id: "lobby", attributes: save.settings } },
          { headers: { "If-Match": `"${save.version}"` } },
        ),
      ),
    onSuccess: (saved) => queryClient.setQueryData(lobbySettingsKey, saved),
  });
}

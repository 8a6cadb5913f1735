// The vendor's API keys (docs/api-keys.md): the list, a creation (whose answer carries the token,
// the one time it is given) and a revocation. Each change re-reads the list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiKeyCreated, ApiKeyResource } from "../../../shared/contracts/api-key.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { ApiKeyResource };

const apiKeysRoot = [OFFICE_QUERY_ROOT, "api-keys"] as const;

export const useApiKeys = () =>
  useQuery({
    queryKey: apiKeysRoot,
    queryFn: ({ signal }) =>
      officeApi
        .get<{ data: ApiKeyResource[] }>(paths.api.internal.apiKeys(), { signal })
        .then((document) => document.data),
  });

export type ApiKeyDraft = { name: string; scopes: string[]; expires_at: string | null };

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: ApiKeyDraft) =>
      officeApi.post<ApiKeyCreated>(paths.api.internal.apiKeys(), {
        data: { type: "api-keys", attributes: draft },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysRoot }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => officeApi.post<void>(paths.api.internal.revokeApiKey(id), {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysRoot }),
  });
}

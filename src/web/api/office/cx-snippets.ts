// The visitor pages' snippets as the back office edits them (docs/cx-snippets.md): the list, and
// saves and deletes that send the version edited as If-Match (a 409 carries the snippet as it is
// now, ApiError.meta.current). Every change drops the list and the audit trail so they show it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CxSnippetResource } from "../../../shared/contracts/cx-snippet.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { CxSnippetResource };

const root = [OFFICE_QUERY_ROOT, "cx-snippets"] as const;
const ifMatch = (version: number) => ({ headers: { "If-Match": `"${version}"` } });

export const useCxSnippets = () =>
  useQuery({
    queryKey: [...root, "list"] as const,
    queryFn: ({ signal }) =>
      officeApi
        .get<{ data: CxSnippetResource[] }>(paths.api.internal.cxSnippets(), { signal })
        .then((document) => document.data),
  });

/** The attributes the page sends; the server checks them. */
export type CxSnippetAttributes = {
  name: string;
  kind: string;
  tone: string;
  content: Record<string, string>;
  location_id: string | null;
  starts_at: string | null;
  ends_at: string | null;
  active: boolean;
};

export type CxSnippetSave =
  | { id: null; attributes: CxSnippetAttributes }
  | { id: string; version: number; attributes: CxSnippetAttributes };

function useDrop() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: root });
    void queryClient.invalidateQueries({ queryKey: [OFFICE_QUERY_ROOT, "audit-log"] });
  };
}

export function useSaveCxSnippet() {
  const drop = useDrop();
  return useMutation({
    mutationFn: async (save: CxSnippetSave) => {
      const body = { data: { type: "cx-snippets", attributes: save.attributes } };
      const document =
        save.id === null
          ? await officeApi.post<{ data: CxSnippetResource }>(paths.api.internal.cxSnippets(), body)
          : await officeApi.patch<{ data: CxSnippetResource }>(
              paths.api.internal.cxSnippet(save.id),
              body,
              ifMatch(save.version),
            );
      return document.data;
    },
    onSettled: drop,
  });
}

export function useDeleteCxSnippet() {
  const drop = useDrop();
  return useMutation({
    mutationFn: (snippet: { id: string; version: number }) =>
      officeApi.delete<void>(paths.api.internal.cxSnippet(snippet.id), ifMatch(snippet.version)),
    onSettled: drop,
  });
}

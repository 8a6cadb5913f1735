// The back office's clients (/api/internal/v1/clients…, docs/clients.md): the search, one client,
// its edit and merge, and its appointments, walk-ins and timeline a page at a time ("Load more"
// asks for the page after the last one shown). A save sends the version it edited (If-Match), so a
// save over someone else's change answers 409 with the client as it is now.
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  ClientAppointmentsDocument,
  ClientDocument,
  ClientListDocument,
  ClientPatchInput,
  ClientResource,
  ClientTimelineDocument,
  ClientTimelineEntry,
  ClientWalkInResource,
  ClientWalkInsDocument,
} from "../../../shared/contracts/client.ts";
import { type ClientTab, paths } from "../../office/office-paths.ts";
import { auditLogKey } from "./audit-log.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type {
  ClientAppointmentsDocument,
  ClientResource,
  ClientTimelineEntry,
  ClientWalkInResource,
};

const clientsRoot = [OFFICE_QUERY_ROOT, "clients"] as const;
const clientKey = (id: string) => [...clientsRoot, "one", id] as const;

/** The cursor of the page after `next` (a link of this API), or undefined on the last page. */
function cursorOf(next: string | null): string | undefined {
  if (next === null) return undefined;
  return new URL(next, "http://localhost").searchParams.get("page[cursor]") ?? undefined;
}

/** GET /clients?search=: best matches first, 50 a page. */
export function useClientSearch(search: string, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: [...clientsRoot, "search", search] as const,
    queryFn: ({ pageParam, signal }) =>
      officeApi.get<ClientListDocument>(
        paths.api.internal.clients({ search: search || undefined, cursor: pageParam }),
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => cursorOf(last.links.next),
    placeholderData: (previous) => previous,
    enabled: options.enabled ?? true,
  });
}

export function useClient(id: string) {
  return useQuery({
    queryKey: clientKey(id),
    queryFn: ({ signal }) =>
      officeApi.get<ClientDocument>(paths.api.internal.client(id), { signal }),
  });
}

type TabDocument = {
  appointments: ClientAppointmentsDocument;
  "walk-ins": ClientWalkInsDocument;
  timeline: ClientTimelineDocument;
};

export const clientTabQueryOptions = <T extends ClientTab>(id: string, tab: T) =>
  infiniteQueryOptions({
    queryKey: [...clientsRoot, "tab", id, tab] as const,
    queryFn: ({ pageParam, signal }) =>
      officeApi.get<TabDocument[T]>(paths.api.internal.clientTab(id, tab, pageParam), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: TabDocument[T]) => cursorOf(last.links.next),
  });

/** One of a client's tabs, newest first. */
export function useClientTab<T extends ClientTab>(id: string, tab: T) {
  return useInfiniteQuery(clientTabQueryOptions(id, tab));
}

const ifMatch = (version: number) => ({ headers: { "If-Match": `"${version}"` } });

/** Keeps the saved client in the cache and refreshes the search, its tabs and its history. */
function useClientSave<Input>(call: (input: Input) => Promise<ClientDocument>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => {
      queryClient.setQueryData(clientKey(saved.data.id), saved);
      void queryClient.invalidateQueries({ queryKey: auditLogKey("client", saved.data.id) });
      void queryClient.invalidateQueries({ queryKey: [...clientsRoot, "search"] });
      void queryClient.invalidateQueries({ queryKey: [...clientsRoot, "tab", saved.data.id] });
    },
  });
}

export type ClientChanges = NonNullable<ClientPatchInput["data"]["attributes"]>;

export function useUpdateClient(id: string) {
  return useClientSave((input: { version: number; attributes: ClientChanges }) =>
    officeApi.patch<ClientDocument>(
      paths.api.internal.client(id),
      { data: { type: "clients", id, attributes: input.attributes } },
      ifMatch(input.version),
    ),
  );
}

/** POST /clients/{id}/merge: the duplicate's records join this client. */
export function useMergeClient(id: string) {
  return useClientSave((input: { version: number; duplicateId: string }) =>
    officeApi.post<ClientDocument>(
      paths.api.internal.clientMerge(id),
      { data: { type: "client-merges", attributes: { duplicate_id: input.duplicateId } } },
      ifMatch(input.version),
    ),
  );
}

// GET /api/internal/v1/locations/{id}/board-link and POST …/board-link/rotation: the link of a
// location's TV board (managers). Fetcher, query options and hooks. The link is read only when a
// manager asks for it, since the first read issues the token.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BoardLink } from "../../../shared/contracts/board-link.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { BoardLink };

type BoardLinkDocument = { data: { attributes: BoardLink } };

export const boardLinkKey = (locationId: string) =>
  [OFFICE_QUERY_ROOT, "board-link", locationId] as const;

export async function getBoardLink(locationId: string, signal?: AbortSignal) {
  const document = await officeApi.get<BoardLinkDocument>(
    paths.api.internal.boardLink(locationId),
    signal ? { signal } : undefined,
  );
  return document.data.attributes;
}

export const boardLinkQueryOptions = (locationId: string) =>
  queryOptions({
    queryKey: boardLinkKey(locationId),
    queryFn: ({ signal }) => getBoardLink(locationId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useBoardLink(locationId: string, enabled: boolean) {
  return useQuery({ ...boardLinkQueryOptions(locationId), enabled });
}

export async function rotateBoardLink(locationId: string) {
  const document = await officeApi.post<BoardLinkDocument>(
    paths.api.internal.rotateBoardLink(locationId),
    {},
  );
  return document.data.attributes;
}

/** A new link for the location; the old one stops working. */
export function useRotateBoardLink(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateBoardLink(locationId),
    onSuccess: (link) => queryClient.setQueryData(boardLinkKey(locationId), link),
  });
}

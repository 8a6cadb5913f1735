// Staff groups and rooms (docs/admin-groups-rooms.md): fetchers and hooks. A save sends the version
// it edited as If-Match; a 409 carries the object as it is now (ApiError.meta.current). Every save
// drops the lists and the object's history so they show it.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  RoomCreateInput,
  RoomPatchInput,
  RoomResource,
} from "../../../shared/contracts/room.ts";
import type { StaffListDocument } from "../../../shared/contracts/staff.ts";
import type {
  StaffGroupCreateInput,
  StaffGroupPatchInput,
  StaffGroupResource,
} from "../../../shared/contracts/staff-group.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { RoomResource, StaffGroupResource };

/** STAFF_LIST_MAX_LIMIT of the staff contract, written out so zod stays off the page. */
const STAFF_CHOICES_LIMIT = 100;

export type ArchivedFilter = "true" | "false" | "all";

const groupsRoot = [OFFICE_QUERY_ROOT, "groups"] as const;
const roomsRoot = [OFFICE_QUERY_ROOT, "rooms"] as const;

const ifMatch = (version: number) => ({ headers: { "If-Match": `"${version}"` } });

export const useStaffGroups = (archived: ArchivedFilter) =>
  useQuery({
    queryKey: [...groupsRoot, "list", archived] as const,
    queryFn: ({ signal }) =>
      officeApi
        .get<{ data: StaffGroupResource[] }>(paths.api.internal.groups({ archived }), { signal })
        .then((document) => document.data),
  });

export const useStaffGroup = (id: string | null) =>
  useQuery({
    queryKey: [...groupsRoot, "one", id ?? ""] as const,
    enabled: id !== null,
    queryFn: ({ signal }) =>
      officeApi
        .get<{ data: StaffGroupResource }>(paths.api.internal.group(id ?? ""), { signal })
        .then((document) => document.data),
  });

export const useRooms = (query: { locationId: string | undefined; archived: ArchivedFilter }) =>
  useQuery({
    queryKey: [...roomsRoot, "list", query.locationId ?? "", query.archived] as const,
    queryFn: ({ signal }) =>
      officeApi
        .get<{ data: RoomResource[] }>(
          paths.api.internal.rooms({ location_id: query.locationId, archived: query.archived }),
          { signal },
        )
        .then((document) => document.data),
  });

export const useRoom = (id: string | null) =>
  useQuery({
    queryKey: [...roomsRoot, "one", id ?? ""] as const,
    enabled: id !== null,
    queryFn: ({ signal }) =>
      officeApi
        .get<{ data: RoomResource }>(paths.api.internal.room(id ?? ""), { signal })
        .then((document) => document.data),
  });

function useDrop(root: readonly string[]) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: root });
    void queryClient.invalidateQueries({ queryKey: [OFFICE_QUERY_ROOT, "audit-log"] });
  };
}

/** The attributes a page sends; the server checks them. */
type Attributes<T> = { [K in keyof T]?: unknown };

type GroupSave =
  | { id: null; attributes: Attributes<StaffGroupCreateInput["data"]["attributes"]> }
  | {
      id: string;
      version: number;
      attributes: Attributes<StaffGroupPatchInput["data"]["attributes"]>;
    };

export function useSaveStaffGroup() {
  const drop = useDrop(groupsRoot);
  return useMutation({
    mutationFn: async (save: GroupSave) => {
      const body = { data: { type: "groups", attributes: save.attributes } };
      const document =
        save.id === null
          ? await officeApi.post<{ data: StaffGroupResource }>(paths.api.internal.groups(), body)
          : await officeApi.patch<{ data: StaffGroupResource }>(
              paths.api.internal.group(save.id),
              body,
              ifMatch(save.version),
            );
      return document.data;
    },
    onSettled: drop,
  });
}

type RoomSave =
  | { id: null; attributes: Attributes<RoomCreateInput["data"]["attributes"]> }
  | { id: string; version: number; attributes: Attributes<RoomPatchInput["data"]["attributes"]> };

export function useSaveRoom() {
  const drop = useDrop(roomsRoot);
  return useMutation({
    mutationFn: async (save: RoomSave) => {
      const body = { data: { type: "rooms", attributes: save.attributes } };
      const document =
        save.id === null
          ? await officeApi.post<{ data: RoomResource }>(paths.api.internal.rooms(), body)
          : await officeApi.patch<{ data: RoomResource }>(
              paths.api.internal.room(save.id),
              body,
              ifMatch(save.version),
            );
      return document.data;
    },
    onSettled: drop,
  });
}

/**
 * Staff to choose group members from: the first 100 matching `q` (a part of a name or email), the
 * active ones unless `status` says otherwise. Typing narrows the list.
 */
export const useStaffChoices = (q: string, status: "active" | "all") =>
  useQuery({
    queryKey: [...groupsRoot, "staff-choices", q, status] as const,
    queryFn: ({ signal }): Promise<StaffListDocument["data"]> =>
      officeApi
        .get<StaffListDocument>(
          paths.api.internal.staff({ q: q || undefined, status, limit: STAFF_CHOICES_LIMIT }),
          { signal },
        )
        .then((document) => document.data),
    // While the next search loads, the last list stays.
    placeholderData: keepPreviousData,
  });

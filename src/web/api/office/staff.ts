// Staff administration calls (/api/internal/v1/staff…, docs/admin-staff.md): the list, inviting, one
// person, their assignments and shifts, a password link. Writes send the version they edited
// (If-Match), so a save over someone else's change answers 409 instead of overwriting it.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  StaffAssignmentsBody,
  StaffDocument,
  StaffInviteBody,
  StaffListDocument,
  StaffPatchBody,
  StaffShiftsBody,
} from "../../../shared/contracts/staff.ts";
import { paths, type StaffPageQuery } from "../../office/office-paths.ts";
import { auditLogKey } from "./audit-log.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { StaffDocument, StaffListDocument };
export type StaffMember = StaffDocument["data"];

const staffRoot = [OFFICE_QUERY_ROOT, "staff"] as const;
const memberKey = (id: string) => [...staffRoot, "member", id] as const;

export function useStaffList(query: StaffPageQuery & { page?: number }) {
  return useQuery({
    queryKey: [...staffRoot, "list", query] as const,
    queryFn: ({ signal }) =>
      officeApi.get<StaffListDocument>(paths.api.internal.staff(query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export const staffMemberKey = memberKey;

export function useStaffMember(id: string) {
  return useQuery({
    queryKey: memberKey(id),
    queryFn: ({ signal }) =>
      officeApi.get<StaffDocument>(paths.api.internal.staffMember(id), { signal }),
  });
}

const ifMatch = (version: number) => ({ headers: { "If-Match": `"${version}"` } });

/** Keeps the saved person in the cache and refreshes the lists. */
function useStaffSave<Input>(call: (input: Input) => Promise<StaffDocument>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => {
      queryClient.setQueryData(memberKey(saved.data.id), saved);
      void queryClient.invalidateQueries({ queryKey: auditLogKey("staff", saved.data.id) });
      void queryClient.invalidateQueries({ queryKey: [...staffRoot, "list"] });
    },
  });
}

export function useInviteStaff() {
  return useStaffSave((attributes: StaffInviteBody["data"]["attributes"]) =>
    officeApi.post<StaffDocument>(paths.api.internal.staff(), {
      data: { type: "staff", attributes },
    }),
  );
}

export function useUpdateStaff(id: string) {
  return useStaffSave(
    ({ version, ...attributes }: StaffPatchBody["data"]["attributes"] & { version: number }) =>
      officeApi.patch<StaffDocument>(
        paths.api.internal.staffMember(id),
        { data: { type: "staff", attributes } },
        ifMatch(version),
      ),
  );
}

export function useSaveAssignments(id: string) {
  return useStaffSave(
    ({
      version,
      ...attributes
    }: StaffAssignmentsBody["data"]["attributes"] & { version: number }) =>
      officeApi.put<StaffDocument>(
        paths.api.internal.staffAssignments(id),
        { data: { type: "staff-assignments", attributes } },
        ifMatch(version),
      ),
  );
}

export function useSaveShifts(id: string) {
  return useStaffSave(
    ({ version, ...attributes }: StaffShiftsBody["data"]["attributes"] & { version: number }) =>
      officeApi.put<StaffDocument>(
        paths.api.internal.staffShifts(id),
        { data: { type: "staff-shifts", attributes } },
        ifMatch(version),
      ),
  );
}

export function useSendStaffPasswordReset(id: string) {
  return useMutation({
    mutationFn: () =>
      officeApi.post<{ meta: { sent: "password_reset" | "invitation" } }>(
        paths.api.internal.staffPasswordReset(id),
        {},
      ),
  });
}

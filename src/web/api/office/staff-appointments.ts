// POST /api/internal/v1/appointments (book on a client's behalf), GET and PATCH (If-Match: its
// version) /api/internal/v1/appointments/{id}: move, cancel, arrived, start, complete, no-show.
// A 409 says why: `version_conflict` carries the appointment as it is now (meta.current),
// `slot_taken` the nearest free times (meta.nearest). Every change re-reads the schedules.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  StaffAppointmentDocument,
  StaffAppointmentPatchInput,
  StaffAppointmentResource,
  StaffBookingInput,
} from "../../../shared/contracts/schedule.ts";
import { paths } from "../../office/office-paths.ts";
import { ApiError } from "../client.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";
import { scheduleRootKey } from "./schedule.ts";
import type { AvailableSlot } from "./staff-availability.ts";

export type { StaffAppointmentResource, StaffBookingInput };
export type AppointmentChange = StaffAppointmentPatchInput["data"]["attributes"];

export const staffAppointmentKey = (id: string) => [OFFICE_QUERY_ROOT, "appointment", id] as const;

export async function bookStaffAppointment(document: StaffBookingInput) {
  const answer = await officeApi.post<StaffAppointmentDocument>(
    paths.api.internal.appointments(),
    document,
  );
  return answer.data;
}

export async function getStaffAppointment(id: string, signal?: AbortSignal) {
  const answer = await officeApi.get<StaffAppointmentDocument>(paths.api.internal.appointment(id), {
    signal,
  });
  return answer.data;
}

export const staffAppointmentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: staffAppointmentKey(id),
    queryFn: ({ signal }) => getStaffAppointment(id, signal),
  });

export function useStaffAppointment(id: string | null) {
  return useQuery({ ...staffAppointmentQueryOptions(id ?? ""), enabled: id !== null });
}

export async function patchStaffAppointment(input: {
  id: string;
  version: number;
  attributes: AppointmentChange;
}) {
  const body: StaffAppointmentPatchInput = {
    data: { type: "appointments", id: input.id, attributes: input.attributes },
  };
  const answer = await officeApi.patch<StaffAppointmentDocument>(
    paths.api.internal.appointment(input.id),
    body,
    { headers: { "If-Match": `"${input.version}"` } },
  );
  return answer.data;
}

/** Books, then re-reads the schedules so that the new appointment shows. */
export function useBookStaffAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookStaffAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleRootKey }),
  });
}

/** Changes one appointment; a refusal re-reads too, since it says the schedule shown is old. */
export function usePatchStaffAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchStaffAppointment,
    onSuccess: (appointment) =>
      queryClient.setQueryData(staffAppointmentKey(appointment.id), appointment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleRootKey }),
  });
}

/** A 409 version conflict's appointment as it is now, or null for any other refusal. */
export function currentAfterConflict(error: unknown): StaffAppointmentResource | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.errors[0]?.code !== "version_conflict") return null;
  const current = error.meta?.current;
  if (typeof current !== "object" || current === null) return null;
  const resource = "data" in current ? (current as { data: unknown }).data : current;
  return isAppointment(resource) ? resource : null;
}

/** A 409 slot_taken's nearest free times (maybe none), or null for any other refusal. */
export function nearestAfterConflict(error: unknown): AvailableSlot[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.errors[0]?.code !== "slot_taken") return null;
  const nearest = error.meta?.nearest;
  if (!Array.isArray(nearest)) return [];
  return nearest.filter(
    (slot): slot is AvailableSlot =>
      typeof slot === "object" &&
      slot !== null &&
      typeof (slot as AvailableSlot).start === "string" &&
      typeof (slot as AvailableSlot).end === "string" &&
      Array.isArray((slot as AvailableSlot).staff_ids),
  );
}

function isAppointment(value: unknown): value is StaffAppointmentResource {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "appointments" &&
    typeof (value as { attributes?: unknown }).attributes === "object"
  );
}

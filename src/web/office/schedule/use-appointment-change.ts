// Sends one change of a booked appointment (PATCH with its version as If-Match) and turns the
// answer into words: a short confirmation on success, else why not — changed meanwhile (the
// schedule re-reads and shows it as it is now), the time just taken, or the server's own reason.
import { useIntl } from "react-intl";
import { ApiError } from "../../api/client.ts";
import type { StaffAppointmentResource } from "../../api/office/schedule.ts";
import {
  type AppointmentChange,
  currentAfterConflict,
  nearestAfterConflict,
  usePatchStaffAppointment,
} from "../../api/office/staff-appointments.ts";
import { showToast } from "../../ui/toast.tsx";
import { clientName } from "./appointment-labels.ts";

export type ChangeOutcome =
  | { ok: true; appointment: StaffAppointmentResource }
  | {
      ok: false;
      message: string;
      current: StaffAppointmentResource | null;
      /** the time asked for was not free (409 slot_taken) */
      slotTaken: boolean;
    };

export function useAppointmentChange() {
  const intl = useIntl();
  const patch = usePatchStaffAppointment();

  const change = async (
    appointment: StaffAppointmentResource,
    attributes: AppointmentChange,
    doneMessageId: string,
  ): Promise<ChangeOutcome> => {
    try {
      const changed = await patch.mutateAsync({
        id: appointment.id,
        version: appointment.attributes.version,
        attributes,
      });
      showToast(
        intl.formatMessage({ id: doneMessageId }, { name: clientName(appointment.attributes) }),
      );
      return { ok: true, appointment: changed };
    } catch (error) {
      return {
        ok: false,
        message: refusalMessage(intl, error),
        current: currentAfterConflict(error),
        slotTaken: nearestAfterConflict(error) !== null,
      };
    }
  };

  return { change, pending: patch.isPending };
}

export function refusalMessage(intl: ReturnType<typeof useIntl>, error: unknown): string {
  if (currentAfterConflict(error) || (error instanceof ApiError && error.status === 412))
    return intl.formatMessage({ id: "Schedule.error_changed" });
  if (nearestAfterConflict(error)) return intl.formatMessage({ id: "Schedule.error_slot_taken" });
  if (error instanceof ApiError && error.status < 500 && error.message)
    return error.errors[0]?.detail ?? intl.formatMessage({ id: "Schedule.error_generic" });
  return intl.formatMessage({ id: "Schedule.error_generic" });
}

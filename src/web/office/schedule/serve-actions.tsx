// The buttons that follow a booked client through their visit (appointments.serve): mark arrived
// and no-show while confirmed, start once confirmed, complete while in progress. Shared by the
// schedule's details dialog and the lobby's today's appointments.
import { useIntl } from "react-intl";
import type { StaffAppointmentResource } from "../../api/office/schedule.ts";
import type { AppointmentChange } from "../../api/office/staff-appointments.ts";
import controls from "../../ui/controls.module.css";
import { clientName } from "./appointment-labels.ts";
import { useAppointmentChange } from "./use-appointment-change.ts";

export type ServeCan = { book: boolean; serve: boolean };

type Props = {
  appointment: StaffAppointmentResource;
  can: ServeCan;
  onError: (message: string) => void;
  onDone?: () => void;
  /** names the client in each button's accessible name, for lists of several appointments */
  nameClient?: boolean;
};

type Action = { labelId: string; doneId: string; change: AppointmentChange; primary?: boolean };

export function serveActionsFor(appointment: StaffAppointmentResource): Action[] {
  const a = appointment.attributes;
  if (a.status_name === "in_progress")
    return [
      {
        labelId: "Schedule.complete",
        doneId: "Schedule.completed_done",
        change: { status: 2 },
        primary: true,
      },
    ];
  if (a.status_name !== "confirmed") return [];
  const actions: Action[] = [];
  if (a.arrived_at === null)
    actions.push({
      labelId: "Schedule.mark_arrived",
      doneId: "Schedule.arrived_done",
      change: { arrived: true },
      primary: true,
    });
  actions.push({
    labelId: "Schedule.start",
    doneId: "Schedule.started_done",
    change: { status: 5 },
    primary: a.arrived_at !== null,
  });
  actions.push({
    labelId: "Schedule.no_show",
    doneId: "Schedule.no_show_done",
    change: { status: 3 },
  });
  return actions;
}

export function ServeActions({ appointment, can, onError, onDone, nameClient }: Props) {
  const intl = useIntl();
  const { change, pending } = useAppointmentChange();
  if (!can.serve) return null;
  const name = clientName(appointment.attributes);
  return (
    <>
      {serveActionsFor(appointment).map((action) => {
        const label = intl.formatMessage({ id: action.labelId });
        return (
          <button
            key={action.labelId}
            type="button"
            className={`${controls.button} ${action.primary ? controls.primary : controls.secondary}`}
            aria-label={nameClient ? `${label}: ${name}` : undefined}
            aria-disabled={pending || undefined}
            onClick={async () => {
              if (pending) return;
              const outcome = await change(appointment, action.change, action.doneId);
              if (outcome.ok) onDone?.();
              else onError(outcome.message);
            }}
          >
            {label}
          </button>
        );
      })}
    </>
  );
}

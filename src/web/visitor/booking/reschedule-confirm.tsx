// Moving a booked appointment from the time step (reschedule=): "Move your appointment to …?" in
// the confirm dialog, then the PATCH; on success the manage page with rescheduled=1, which says it
// was moved. A time taken meanwhile (409 slot_taken) closes the dialog for the nearest free times.
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { AvailableSlot } from "../../api/booking/availability.ts";
import { nearestSlots } from "../../api/booking/book-appointment.ts";
import { useRescheduleAppointment } from "../../api/booking/change-appointment.ts";
import { ApiError } from "../../api/client.ts";
import { useNavigate, useSearchParams } from "../../routing/routing.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { bookingPaths } from "./booking-paths.ts";
import { Refusal } from "./refusal.tsx";

// Only once the time was taken meanwhile.
const SlotTakenNotice = lazy(() =>
  import("./slot-taken-notice.tsx").then((m) => ({ default: m.SlotTakenNotice })),
);

type Props = {
  appointment: { id: string; code: string };
  /** the time the visitor chose; the dialog is open while there is one */
  slot: AvailableSlot | null;
  staffId: string | null;
  timeZone: string;
  onChoose: (slot: AvailableSlot) => void;
  onClose: () => void;
  allTimes: string;
};

export function RescheduleConfirm(props: Props) {
  const { appointment, slot, timeZone, onClose } = props;
  const intl = useIntl();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const move = useRescheduleAppointment();
  const [nearest, setNearest] = useState<AvailableSlot[] | null>(null);
  const when = slot
    ? new Intl.DateTimeFormat(intl.locale, {
        weekday: "long",
        month: "long",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZone,
      }).format(new Date(slot.start))
    : "";

  const confirm = () => {
    if (!slot) return;
    move.mutate(
      { ...appointment, start: slot.start, staffId: props.staffId },
      {
        onSuccess: () =>
          navigate(
            bookingPaths.appointmentManage({
              ...appointment,
              lang: search.get("lang") ?? undefined,
              mode: search.get("mode") ?? undefined,
              rescheduled: 1,
            }),
          ),
        onError: (error) => {
          const offered = error instanceof ApiError ? nearestSlots(error) : null;
          if (offered === null) return;
          setNearest(offered);
          move.reset();
          onClose();
          void queryClient.invalidateQueries({ queryKey: ["availability"] });
        },
      },
    );
  };

  return (
    <>
      {nearest && (
        <Suspense fallback={null}>
          <SlotTakenNotice
            nearest={nearest}
            timeZone={timeZone}
            allTimes={props.allTimes}
            onChoose={(chosen) => {
              setNearest(null);
              props.onChoose(chosen);
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={slot !== null}
        title={<FormattedMessage id="Booking.reschedule_dialog_title" />}
        message={<FormattedMessage id="Booking.reschedule_dialog_message" values={{ when }} />}
        confirmLabel={<FormattedMessage id="Booking.reschedule_confirm" />}
        cancelLabel={<FormattedMessage id="Booking.reschedule_keep" />}
        busy={move.isPending || move.isSuccess}
        error={move.error && <Refusal error={move.error} />}
        onClose={() => {
          move.reset();
          onClose();
        }}
        onConfirm={confirm}
      />
    </>
  );
}

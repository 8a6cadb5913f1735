// "Changes to your appointment" while waiting (spec §2, not on a kiosk): cancel the place, or turn it
// into a booked appointment when the vendor's appointment channel is on; each behind a confirm dialog.
import type { QueryKey } from "@tanstack/react-query";
import { useId, useState } from "react";
import { FormattedMessage } from "react-intl";
import { useCancelQueueAppointment } from "../../api/cancel-queue-appointment.ts";
import { useWalkinConversion } from "../../api/walkin-conversion.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { ActionError } from "./action-error.tsx";
import styles from "./confirmation.module.css";
import type { Booking } from "./read-booking.ts";

type Props = {
  booking: Booking;
  /** the page's query of this booking, replaced by the cancelled one */
  queryKey: QueryKey;
  canConvert: boolean;
  /** leaves for the booking flow; window.location.assign in the app */
  navigate?: (url: string) => void;
};

type Open = "cancel" | "convert" | null;

export function ChangesCard({ booking, queryKey, canConvert, navigate = goTo }: Props) {
  const headingId = useId();
  const [open, setOpen] = useState<Open>(null);
  const cancel = useCancelQueueAppointment(queryKey);
  const convert = useWalkinConversion();
  const request = { id: booking.id, code: booking.code };

  const close = () => {
    setOpen(null);
    cancel.reset();
    convert.reset();
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        <FormattedMessage id="Confirmation.changes_title" />
      </h2>
      <div className={styles.actions}>
        {canConvert && (
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => setOpen("convert")}
          >
            <FormattedMessage id="Confirmation.convert_button" />
          </button>
        )}
        <button type="button" className={styles.dangerButton} onClick={() => setOpen("cancel")}>
          <FormattedMessage id="Confirmation.cancel_button" />
        </button>
      </div>

      <ConfirmDialog
        open={open === "cancel"}
        tone="danger"
        title={<FormattedMessage id="Confirmation.cancel_dialog_title" />}
        message={<FormattedMessage id="Confirmation.cancel_dialog_message" />}
        confirmLabel={<FormattedMessage id="Confirmation.cancel_confirm" />}
        cancelLabel={<FormattedMessage id="Confirmation.keep_place" />}
        busy={cancel.isPending}
        error={cancel.error && <ActionError error={cancel.error} />}
        onClose={close}
        // On success the page's query holds the cancelled booking and this card gives way.
        onConfirm={() => cancel.mutate(request)}
      />
      {canConvert && (
        <ConfirmDialog
          open={open === "convert"}
          title={<FormattedMessage id="Confirmation.convert_dialog_title" />}
          message={<FormattedMessage id="Confirmation.convert_dialog_message" />}
          confirmLabel={<FormattedMessage id="Confirmation.convert_confirm" />}
          cancelLabel={<FormattedMessage id="Confirmation.keep_place" />}
          // Busy until the browser has left the page, so the button cannot ask twice.
          busy={convert.isPending || convert.isSuccess}
          error={convert.error && <ActionError error={convert.error} />}
          onClose={close}
          onConfirm={() => convert.mutate(request, { onSuccess: (url) => navigate(url) })}
        />
      )}
    </section>
  );
}

function goTo(url: string) {
  window.location.assign(url);
}

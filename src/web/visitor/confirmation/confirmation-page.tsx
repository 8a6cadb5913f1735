// /callback-service/confirmation and /callback-service/manage (spec §2): the booking of the page's
// id and code, kept live through realtime; a generic book-another card when they match no booking.
import type { QueryClient } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import type { Locale } from "../../../shared/domain.ts";
import { queueAppointmentQueryOptions, useQueueAppointment } from "../../api/queue-appointment.ts";
import { useSearchParams } from "../../routing/routing.tsx";
import { BookingView } from "./booking-view.tsx";
import styles from "./confirmation.module.css";
import { GenericCard } from "./generic-card.tsx";
import { matchesQuery } from "./read-booking.ts";

/** The booking this page will show, read before it opens (confirmation-route.tsx). */
export function prefetchBooking(
  queryClient: QueryClient,
  { id, code, locale }: { id: string; code: string; locale: Locale },
): Promise<void> {
  return queryClient.prefetchQuery(queueAppointmentQueryOptions(id, code, locale));
}

export function ConfirmationPage() {
  return (
    <div className={styles.page}>
      <ConfirmationContent />
    </div>
  );
}

function ConfirmationContent() {
  const [search] = useSearchParams();
  const id = search.get("id")?.trim() || null;
  const code = search.get("code")?.trim() || null;
  const booking = useQueueAppointment(id, code);

  if (!id || !code) return <GenericCard />;
  if (booking.isPending) {
    return (
      <p className={`${styles.card} ${styles.centred}`} role="status">
        <FormattedMessage id="Confirmation.loading" />
      </p>
    );
  }
  if (booking.isError && !booking.data) {
    return (
      <div className={`${styles.card} ${styles.centred}`} role="alert">
        <p className={styles.text}>
          <FormattedMessage id="Confirmation.load_failed" />
        </p>
        <div className={`${styles.actions} ${styles.bookAnother}`}>
          <button type="button" className={styles.button} onClick={() => booking.refetch()}>
            <FormattedMessage id="Common.try_again" />
          </button>
        </div>
      </div>
    );
  }
  const document = booking.data;
  if (!document || !matchesQuery(document, id, code)) return <GenericCard />;
  return <BookingView document={document} code={code} />;
}

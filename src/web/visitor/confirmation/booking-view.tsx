// The cards of one booking (spec §2 Confirmation page), by status: cancelled; or the status head,
// location instructions, details, feedback once completed, changes while waiting, book another.
// Status, staff, meeting link and dial-in arrive live on the appointment's channel; the wait on the
// location's (the entry of this appointment: its expected_start and people_ahead). The realtime
// client loads once the page is idle: the cards work without it, and it re-reads the booking when
// it has subscribed.
import { lazy, Suspense, useState } from "react";
import { useIntl } from "react-intl";
import type { WaitTimeEntry } from "../../../shared/contracts/realtime.ts";
import type { Locale } from "../../../shared/domain.ts";
import {
  type QueueAppointmentDocument,
  queueAppointmentQueryKey,
} from "../../api/queue-appointment.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { useSearchParams } from "../../routing/routing.tsx";
import { useIdle } from "../../ui/when-idle.ts";
import { BookAnotherLink } from "./book-another-link.tsx";
import { isKioskMode } from "./book-another-path.ts";
import { CancelledCard } from "./cancelled-card.tsx";
import { ChangesCard } from "./changes-card.tsx";
import styles from "./confirmation.module.css";
import { DetailsCard } from "./details-card.tsx";
import { FeedbackCard } from "./feedback-card.tsx";
import { InstructionsCard } from "./instructions-card.tsx";
import { isInPerson, readBooking } from "./read-booking.ts";
import { StatusCard } from "./status-card.tsx";
import { TicketCard } from "./ticket-card.tsx";

const LiveUpdates = lazy(() => import("./live-updates.tsx"));
// Only on a lobby kiosk: the QR code to follow the place on a phone, and the printed ticket.
const KioskTicket = lazy(() => import("../kiosk/kiosk-ticket.tsx"));

type Props = { document: QueueAppointmentDocument; code: string };

export function BookingView({ document, code }: Props) {
  const intl = useIntl();
  const vendor = useCurrentVendor();
  const [search] = useSearchParams();
  const booking = readBooking(document);
  // Cancelled while the page was open (by the visitor or by staff): focus goes to the news.
  const [statusOnArrival] = useState(booking.status);
  const queryKey = queueAppointmentQueryKey(booking.id, code, intl.locale as Locale);
  const [waitTimes, setWaitTimes] = useState<WaitTimeEntry[] | null>(null);
  const idle = useIdle();
  const live = idle && (
    <Suspense fallback={null}>
      <LiveUpdates
        id={booking.id}
        code={code}
        locationId={booking.location?.id ?? null}
        queryKey={queryKey}
        onWaitTimes={setWaitTimes}
      />
    </Suspense>
  );

  if (booking.status === "cancelled")
    return (
      <>
        {live}
        <CancelledCard booking={booking} focusTitle={statusOnArrival !== "cancelled"} />
      </>
    );

  const kiosk = isKioskMode(search);
  const liveEntry = waitTimes?.find((entry) => entry.id === booking.id);
  const expectedStart =
    booking.status === "waiting"
      ? liveEntry
        ? liveEntry.attributes.expected_start
        : booking.expectedStart
      : null;
  // A node of the version before sends entries without the count: the booking's then stands.
  const liveAhead = liveEntry?.attributes.people_ahead;
  const peopleAhead =
    booking.status === "waiting"
      ? liveAhead !== undefined
        ? liveAhead
        : booking.peopleAhead
      : null;
  const features = vendor.attributes?.features;
  const showFeedback =
    booking.status === "completed" &&
    !booking.feedbackGiven &&
    Boolean(vendor.attributes?.show_queue_appointment_feedback);

  const active = booking.status === "waiting" || booking.status === "in_progress";
  return (
    <>
      {live}
      <StatusCard booking={booking} expectedStart={expectedStart} peopleAhead={peopleAhead} />
      {booking.ticket && active && isInPerson(booking) && (
        <TicketCard ticket={booking.ticket} kiosk={kiosk} />
      )}
      {/* Right under the news that the visit is over: it is what the page asks of the visitor now. */}
      {showFeedback && <FeedbackCard booking={booking} />}
      {booking.location?.instructions && (
        <InstructionsCard instructions={booking.location.instructions} />
      )}
      <DetailsCard booking={booking} kiosk={kiosk} />
      {kiosk && active && (
        <Suspense fallback={null}>
          <KioskTicket id={booking.id} code={code} />
        </Suspense>
      )}
      {booking.status === "waiting" && !kiosk && (
        <ChangesCard
          booking={booking}
          queryKey={queryKey}
          canConvert={Boolean(features?.appointment_booking_channel)}
        />
      )}
      <div className={styles.bookAnother}>
        {/* Quieter while the visit is on, so it does not compete with the visit's own actions. */}
        <BookAnotherLink
          locationId={booking.location?.id ?? null}
          className={active ? styles.secondaryButton : styles.button}
        />
      </div>
    </>
  );
}

// createWalkinConversionUrl: where a waiting visitor goes to book an appointment instead (spec §4
// Convert). The booking flow opens with service and location chosen and reads the client from the
// queue place (from_queue_appointment + code), so no personal data travels in the URL. The place
// is released only when that booking completes (appointments.converted_from_queue_appointment_id).
import { QUEUE_MESSAGES as M } from "../../shared/queue/queue-messages.ts";
import type { DbOrTx } from "../db/client.ts";
import { AppError } from "../http/app-error.ts";
import { findQueueAppointmentByCode } from "../queue/find-queue-appointment-by-code.ts";
import type { Vendor } from "../tenancy/resolve-vendor.ts";

export type CreateWalkinConversionUrlOptions = {
  db: DbOrTx;
  vendor: Vendor;
  queueAppointmentId: number;
  confirmCode: string;
};

export async function createWalkinConversionUrl(
  options: CreateWalkinConversionUrlOptions,
): Promise<string> {
  const { vendor } = options;
  const visit = await findQueueAppointmentByCode(options.db, {
    vendorId: vendor.id,
    id: options.queueAppointmentId,
    code: options.confirmCode,
  });
  if (!vendor.settings.features.appointment_booking_channel) {
    throw new AppError("conflict", {
      code: "conversion_unavailable",
      messageId: M.conversionUnavailable,
    });
  }
  if (visit.status !== "waiting") {
    throw new AppError("conflict", {
      code: "conversion_not_waiting",
      messageId: M.conversionNotWaiting,
    });
  }
  const query = new URLSearchParams({
    service: String(visit.serviceId),
    location: String(visit.locationId),
    meeting_method: String(visit.meetingMethod),
    from_queue_appointment: String(visit.id),
    code: visit.confirmCode,
    lang: visit.lang,
  });
  return `/select-timeslot?${query.toString()}`;
}
